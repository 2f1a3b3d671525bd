import type { CanvasState } from './canvas-state.svelte';
import type { TaskEditor } from './editor-state.svelte';

/**
 * The canvas's key map (Space, which pans while held, is the pointer's): acts on a key and says whether it was one
 * of the canvas's, so the caller keeps the page from acting on it too.
 */
export function canvasKey(event: KeyboardEvent, editor: TaskEditor, canvas: CanvasState): boolean {
  const step = event.shiftKey ? 0.1 : 0.01;
  const ctrl = event.ctrlKey || event.metaKey;
  const drawing = canvas.tool !== 'select';
  /** Ctrl + arrow moves the view by a tenth of what is visible (with Shift, by half). */
  const viewStep = event.shiftKey ? 0.5 : 0.1;
  let handled = true;
  if (ctrl && event.key === 'ArrowLeft') canvas.panKeys(-viewStep, 0);
  else if (ctrl && event.key === 'ArrowRight') canvas.panKeys(viewStep, 0);
  else if (ctrl && event.key === 'ArrowUp') canvas.panKeys(0, -viewStep);
  else if (ctrl && event.key === 'ArrowDown') canvas.panKeys(0, viewStep);
  else if (ctrl && (event.key === 'z' || event.key === 'Z')) {
    if (event.shiftKey) editor.redo();
    else editor.undo();
  } else if (ctrl && (event.key === 'y' || event.key === 'Y')) editor.redo();
  else if (ctrl) handled = false;
  else if (event.key === 'ArrowLeft') canvas.nudgeBy(-step, 0);
  else if (event.key === 'ArrowRight') canvas.nudgeBy(step, 0);
  else if (event.key === 'ArrowUp') canvas.nudgeBy(0, -step);
  else if (event.key === 'ArrowDown') canvas.nudgeBy(0, step);
  else if (event.key === 'Enter' && drawing) canvas.finishDraft();
  else if (event.key === 'Escape' && drawing) canvas.finishDraft();
  else if (event.key === 'Escape' && canvas.selection) canvas.select(null);
  else if (event.key === 'Backspace' && drawing) canvas.removeLastDraftPoint();
  else if ((event.key === 'Delete' || event.key === 'Backspace') && !drawing) canvas.deleteSelectedPoint();
  else if (event.key === ']' && !drawing) canvas.nextPoint(1);
  else if (event.key === '[' && !drawing) canvas.nextPoint(-1);
  else if ((event.key === 'n' || event.key === 'N') && !drawing) canvas.nextShape();
  else if ((event.key === 'i' || event.key === 'I') && !drawing) canvas.insertAfterSelected();
  else if (event.key === '+' || event.key === '=') canvas.zoomBy(1);
  else if (event.key === '-' || event.key === '_') canvas.zoomBy(-1);
  else if (event.key === '0') canvas.resetView();
  else handled = false;
  return handled;
}
