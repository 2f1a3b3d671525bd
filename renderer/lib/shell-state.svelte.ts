import type { Bridge } from '../../preload/contract';

/**
 * What the shell keeps around the screens. A page that fell too far behind its event stream is told how many updates
 * it missed rather than sent them all (the host does not hold them): the operator reloads the screen, which reads its
 * state from main again. Not done on its own, so a half-filled form is never thrown away under someone's hands.
 */
export class ShellState {
  missedUpdates = $state(0);
  /** Bumped to build the current screen afresh (a `{#key}` around it). */
  screenGeneration = $state(0);

  constructor(private readonly api: Bridge) {}

  /** Follows the host's resync notices; returns the unsubscribe (onMount's cleanup). */
  connect(): () => void {
    return this.api.on('events.resync', ({ dropped }) => (this.missedUpdates += dropped));
  }

  reloadScreen(): void {
    this.missedUpdates = 0;
    this.screenGeneration += 1;
  }
}
