import { z } from 'zod';

/** Pieces the wire schemas of several operations share (see ../platform.ts). */

export const unsigned = z.int().min(0).max(4_294_967_295);
/** A timestamp as the platform sends it (ISO 8601). Kept as a string: the UI formats it, we never compute with it. */
export const timestamp = z.string();
/** Time of day with a UTC offset, `HH:MM:SS+HH:MM`. */
export const timeWithOffsetPattern = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d[+-]([01]\d|2[0-3]):[0-5]\d$/;
/** `Region/City`, also `America/Argentina/Buenos_Aires` and `Etc/GMT+3`. */
export const timeZoneNamePattern = /^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/;
