import type { ContactBody } from '@olden/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** docs/product.md#server-rules-contact: success when the reply text is 'OK'. */
export async function sendContact(body: ContactBody): Promise<void> {
  const reply = await api.post<string>('/contact', body);
  if (typeof reply === 'string' && reply.trim() !== 'OK') throw new Error('Unexpected reply');
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
