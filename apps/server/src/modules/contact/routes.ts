import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactBody } from '@olden/contracts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ContactService } from './service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post('/contact', {
    config: { auth: 'public' },
    schema: {
      tags: ['contact'],
      summary: 'Send a message to the marketplace team',
      description: 'Stored, then mailed to MAIL_TO when SMTP_URL is set. Replies the text OK (as the spec\'s mail provider did).',
      body: ContactBody,
      response: {
        200: { description: 'The text OK', content: { 'text/plain': { schema: z.literal('OK') } } },
        ...errorResponses(400, 413, 429),
      },
    },
    handler: async (request, reply) => {
      await contact.submit(request.body, request.ip);
      return reply.type('text/plain; charset=utf-8').send('OK');
    },
  });
};
