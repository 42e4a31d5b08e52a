import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MEGABYTES,
  IMAGE_MAX_MEGAPIXELS,
  IMAGE_MESSAGES,
  IMAGE_TYPE_NAMES,
  IMAGE_WIDTHS,
  IdParams,
  DeletedResponse,
  ImageUploadResponse,
  PARAM_MAX,
} from '@olden/contracts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { absoluteImageUrl, type ImageUrlConfig } from '../../lib/image-urls.ts';
import { DISPLAY_WIDTH, type ImagesService, type StoredImage } from './service.ts';

export const IMAGE_FIELD = 'image';
const OTHER_WIDTHS = IMAGE_WIDTHS.filter((w) => w !== DISPLAY_WIDTH).join(', ');

/** Multipart only for this plugin's routes, with its limits next to it: one file, no room for anything else. */
const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  // A client may add a stray text field or two (ignored); more than that is not an image upload.
  fields: 2,
  parts: 3,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 20,
};

/** Reads the one file of field `image` into memory (at most IMAGE_MAX_BYTES), mapping multipart errors to ours. */
async function readImagePart(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the image as multipart/form-data in a field named ${IMAGE_FIELD}`);
  }
  const errors = app.multipartErrors;
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMAGE_FIELD) throw badRequest(`Send the image in a field named ${IMAGE_FIELD}`);
      image = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.RequestFileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
    if (error instanceof errors.FilesLimitError) throw badRequest('Send one image per request');
    if (error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError) {
      throw badRequest(`Send only the ${IMAGE_FIELD} field`);
    }
    throw badRequest('The upload is incomplete or malformed');
  }
  if (!image || image.length === 0) throw badRequest(`Send the image in a field named ${IMAGE_FIELD}`);
  return image;
}

/** An upload as the API answers it: each of its URLs named where the file is served (lib/image-urls.ts). */
export function toUploadReply(upload: StoredImage, urls: ImageUrlConfig): StoredImage {
  const named = (url: string) => absoluteImageUrl(url, urls);
  return {
    ...upload,
    display_url: named(upload.display_url),
    url: named(upload.url),
    variants: upload.variants.map((v) => ({ ...v, url: named(v.url) })),
  };
}

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService; urls: ImageUrlConfig }> = async (app, { images, urls }) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

  app.post('/images', {
    config: { auth: 'user', uploadField: IMAGE_FIELD },
    schema: {
      tags: ['images'],
      summary: 'Upload an image (multipart field "image")',
      description:
        `${IMAGE_TYPE_NAMES}, recognised by content; at most ${IMAGE_MAX_MEGABYTES} MB and ${IMAGE_MAX_MEGAPIXELS} megapixels. ` +
        `Stored without metadata as WebP at widths ${OTHER_WIDTHS} and ${DISPLAY_WIDTH}; display_url is the ${DISPLAY_WIDTH} one. ` +
        'Each user has a storage quota (413 QUOTA_EXCEEDED past it); an upload nothing shows is deleted after 24 hours.',
      consumes: ['multipart/form-data'],
      // 503: the image store (IMAGE_STORE=s3) did not answer; nothing was recorded.
      response: { 200: ImageUploadResponse, ...errorResponses(400, 401, 413, 415, 429, 503) },
    },
    handler: async (request) => {
      const user = request.user!;
      await images.assertUploadAllowed(user.id);
      const buffer = await readImagePart(app, request);
      return { success: true as const, data: toUploadReply(await images.store(buffer, user.id), urls) };
    },
  });

  app.delete('/images/:id', {
    config: { auth: 'user' },
    schema: {
      tags: ['images'],
      summary: 'Delete an unused image (its uploader, or an admin)',
      description:
        'The id is the 32-hex part of the image’s URLs. An image a listing, profile, category or buy request still shows is ' +
        'refused with 409 IMAGE_IN_USE, admins included: deleting the listing releases its images.',
      params: IdParams,
      // 400: a body that is not valid JSON (none is read, but Fastify parses what is sent).
      response: { 200: DeletedResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: (request) => images.deleteAs(request.user!, request.params.id),
  });

  app.get('/images/:file', {
    config: { auth: 'public' },
    schema: {
      tags: ['images'],
      summary: 'A stored image file (immutable)',
      params: z.object({ file: z.string().max(PARAM_MAX) }),
      response: {
        200: { description: 'The WebP file', content: { 'image/webp': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } } },
        304: z.null().describe('Not modified (If-None-Match matched the ETag)'),
        ...errorResponses(404, 503),
      },
    },
    handler: async (request, reply) => {
      const { file } = request.params;
      const data = await images.read(file);
      if (!data) throw notFound('Image');
      // A stored file never changes (a new upload gets a new id), so its name is a strong validator.
      const etag = `"${file}"`;
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        // Public and stripped of metadata: other sites and clients may show it (JSON answers stay same-origin).
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('ETag', etag);
      // A bare 304: no body, so neither a JSON content type nor a length (RFC 9110 15.4.5).
      if (request.headers['if-none-match'] === etag) return reply.status(304).removeHeader('content-type').send();
      return reply.type('image/webp').send(data);
    },
  });
};
