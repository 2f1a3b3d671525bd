// pino-roll ships no types: the part of its API the log file uses.
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';
  interface PinoRollOptions {
    file: string;
    size?: string | number;
    frequency?: string | number;
    extension?: string;
    mkdir?: boolean;
    sync?: boolean;
    /** The file mode of each log file (passed on to sonic-boom). */
    mode?: number;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>;
}
