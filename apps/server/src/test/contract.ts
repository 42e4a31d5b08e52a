// Checks an answer against /api/openapi.json, as a generic client reads it: the status is documented for the
// operation, the body is one of the documented media types (or absent where none is documented), a JSON body
// matches its schema and the required headers are there. openapi-backend does the matching and the schemas.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import OpenAPIBackend, { type Document } from 'openapi-backend';

export interface ContractChecker {
  /** What is wrong with this answer to this request, if anything (empty when it keeps to the document). */
  problems(request: InjectOptions, res: LightMyRequestResponse): string[];
}

interface MediaResponse {
  content?: Record<string, unknown>;
}

export async function contractChecker(document: unknown): Promise<ContractChecker> {
  const api = new OpenAPIBackend({ definition: document as Document, quick: false, validate: true, strict: false });
  await api.init();
  return {
    problems(request, res) {
      const url = new URL(String(request.url), 'http://local');
      const method = String(request.method ?? 'GET').toLowerCase();
      const what = `${method.toUpperCase()} ${url.pathname} -> ${res.statusCode}`;
      const operation = api.matchOperation({ method, path: url.pathname, query: url.search.slice(1), headers: {} });
      if (!operation) return [`${what}: no operation in the document`];
      const response = (operation.responses as Record<string, MediaResponse> | undefined)?.[String(res.statusCode)];
      if (!response) return [`${what}: status not documented (${Object.keys(operation.responses ?? {}).join(', ')})`];
      const problems: string[] = [];
      const type = String(res.headers['content-type'] ?? '').split(';')[0]!.trim();
      const documentedTypes = Object.keys(response.content ?? {});
      if (documentedTypes.length === 0) {
        if (res.rawPayload.length > 0 || type) problems.push(`${what}: documented without content, answered ${type || 'a body'} (${res.rawPayload.length} bytes)`);
      } else if (!documentedTypes.includes(type)) {
        problems.push(`${what}: answered ${type || 'no content type'}, documented ${documentedTypes.join(', ')}`);
      } else if (type === 'application/json') {
        let body: unknown;
        try {
          body = res.json();
        } catch {
          problems.push(`${what}: the body is not JSON`);
        }
        const result = api.validator.validateResponse(body, operation, res.statusCode);
        for (const error of result.errors ?? []) problems.push(`${what}: body ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
      }
      // A header sent several times (Set-Cookie) is one value per line: each is checked as the documented string.
      const single = Object.fromEntries(Object.entries(res.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
      const headers = api.validator.validateResponseHeaders(single, operation, { statusCode: res.statusCode });
      for (const error of headers.errors ?? []) problems.push(`${what}: headers ${error.instancePath || '/'} ${error.message}`);
      return problems;
    },
  };
}
