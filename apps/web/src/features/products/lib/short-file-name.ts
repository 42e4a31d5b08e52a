/**
 * A picked photo's name short enough for a narrow slot: the start, an ellipsis, and the end with its extension
 * (`IMG_20240501_083512_radio.jpg` -> `IMG_2024…radio.jpg`), never cut mid-extension as the browser's own label is.
 */
export function shortFileName(name: string, max = 18): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
  const base = name.slice(0, name.length - ext.length);
  const room = Math.max(2, max - ext.length - 1);
  const head = Math.ceil(room / 2);
  return `${base.slice(0, head)}…${base.slice(base.length - (room - head))}${ext}`;
}
