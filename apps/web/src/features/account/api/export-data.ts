import { apiHeaders, errorFromBody, parseJson } from '@/lib/api-client';

/** GET /users/me/export: the JSON file, saved by the browser under the server's file name. */
export async function downloadMyData(): Promise<void> {
  const response = await fetch('/api/users/me/export', { headers: apiHeaders(), credentials: 'same-origin' });
  if (!response.ok) {
    throw errorFromBody(response.status, parseJson(await response.text().catch(() => '')), response.headers, 'The download failed');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'olden-goods-data.json';
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
