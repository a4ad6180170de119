/**
 * The token in the OpenAPI document. The interface shows no authentication (section 5); the API
 * family takes a token in the `X-API-TOKEN` header or, equally, in the `api_token` query parameter,
 * and so does this mock when it runs with `--token`: then every write needs it, while reads stay
 * anonymous (the family's lists allow anonymous access). Without `--token` it asks for none, so a
 * write's requirement lists "no token" as a third way.
 */
import type { JsonSchema } from './build-schemas';

export const securitySchemes: Record<string, JsonSchema> = {
  apiToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-TOKEN',
    description: 'Writes need it when the mock was started with a token: the value of --token or API_TOKEN.',
  },
  apiTokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'api_token',
    description: 'The same token as a query parameter, meant for trying requests in a browser; the header wins.',
  },
};

/** Any one of the two schemes, or none when the mock runs without `--token`. */
export const writeSecurity: JsonSchema[] = [{ apiToken: [] }, { apiTokenQuery: [] }, {}];
