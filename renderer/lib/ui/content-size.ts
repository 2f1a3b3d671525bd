import type { Attachment } from 'svelte/attachments';

export interface ContentSize {
  width: number;
  height: number;
}

/**
 * Reports an element's content-box size when it is first laid out and whenever it changes, from a ResizeObserver
 * alone: `<div {@attach contentSize((size) => (width = size.width))}>`. Svelte's `bind:clientWidth`/`bind:clientHeight`
 * also read the size synchronously while mounting, which forces a layout of the whole page per bound element before
 * the first frame; the observer hands over sizes the browser has just computed for its own frame.
 */
export function contentSize(report: (size: ContentSize) => void): Attachment<HTMLElement> {
  return (element) => {
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) report({ width: box.width, height: box.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  };
}
