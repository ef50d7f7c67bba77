import { z } from 'zod';
import { anyone } from '../access';
import { endpoint } from '../contract/endpoint';

/**
 * The OpenAPI document, as far as a reader of it relies on: its version, its info and its paths.
 * Loose objects, so the rest of the document (components, tags, each operation) passes through
 * untouched; the server builds it from the contracts, not from input.
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const referenceEndpoints = {
  /** The API reference itself (issue 17): generated from every contract of the registry. */
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: "This API's OpenAPI 3.1 document: every operation, its access and its errors",
    access: anyone,
    responses: { 200: openApiDocumentSchema },
  }),
};
