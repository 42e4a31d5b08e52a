// sharp (libvips) is loaded the first time a picture is made, not at start-up (docs/decisions/013): a process that
// serves pages and never receives an upload starts faster and stays smaller by the library's native code and pools.
import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
