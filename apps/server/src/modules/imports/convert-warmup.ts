/**
 * A small description the convert worker converts once it starts (convert.worker.ts `warmUp`), so the first
 * real import after a start does not pay for loading the converter's code and for running it cold. It has
 * the shapes large descriptions are made of: shared schemas through `$ref`, a recursive schema, `allOf`,
 * arrays, enums, path, query and header parameters, JSON bodies, several responses with examples, and
 * Markdown and HTML descriptions.
 */
const NOUNS = ['order', 'user', 'repository', 'invoice', 'issue', 'payment', 'release', 'comment'];

function operation(noun: string, verb: string, index: number): Record<string, unknown> {
  const schema = { $ref: `#/components/schemas/${noun}` };
  return {
    tags: [noun],
    operationId: `${verb}-${noun}-${index}`,
    summary: `${verb} a ${noun}`,
    description: `Reads **${noun}s** of the <a href="https://example.com/${noun}">account</a>.\n\n- one\n- two`,
    parameters: [
      { $ref: '#/components/parameters/owner' },
      { name: `${noun}_id`, in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
      { name: 'per_page', in: 'query', schema: { type: 'integer', default: 30, maximum: 100 } },
      { name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'closed', 'all'] } },
      { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
    ],
    ...(verb === 'get'
      ? {}
      : { requestBody: { required: true, content: { 'application/json': { schema } } } }),
    responses: {
      '200': {
        description: 'Response',
        content: {
          'application/json': {
            schema: verb === 'get' ? { type: 'array', items: schema } : schema,
            examples: { default: { value: { id: 1, name: `${noun} one`, state: 'open' } } },
          },
        },
      },
      '404': { $ref: '#/components/responses/not_found' },
      '422': {
        description: 'Validation failed',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } },
      },
    },
  };
}

function schemas(): Record<string, unknown> {
  const out: Record<string, unknown> = {
    error: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' } } } },
      },
    },
    node: {
      type: 'object',
      description: 'A tree node: its children are nodes too.',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/node' } },
      },
    },
  };
  for (const noun of NOUNS) {
    out[noun] = {
      allOf: [
        { $ref: '#/components/schemas/node' },
        {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', format: 'int64', example: 42 },
            name: { type: 'string', description: `Name of the ${noun}`, maxLength: 64 },
            state: { type: 'string', enum: ['open', 'closed'] },
            created_at: { type: 'string', format: 'date-time' },
            owner: { $ref: '#/components/schemas/user-summary' },
            labels: {
              type: 'array',
              items: { type: 'object', properties: { name: { type: 'string' }, color: { type: 'string' } } },
            },
            metadata: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      ],
    };
  }
  out['user-summary'] = {
    type: 'object',
    properties: { login: { type: 'string' }, id: { type: 'integer' }, site_admin: { type: 'boolean' } },
  };
  return out;
}

/** The sample as the text an import would fetch: about 60 operations over 8 schemas. */
export function warmUpDescription(): string {
  const paths: Record<string, Record<string, unknown>> = {};
  NOUNS.forEach((noun, n) => {
    for (let i = 0; i < 4; i++) {
      paths[`/accounts/{owner}/${noun}s-${i}/{${noun}_id}`] = {
        get: operation(noun, 'get', n * 10 + i),
        patch: operation(noun, 'patch', n * 10 + i),
      };
    }
  });
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Warm-up', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: {
      schemas: schemas(),
      parameters: { owner: { name: 'owner', in: 'path', required: true, schema: { type: 'string' } } },
      responses: {
        not_found: {
          description: 'Resource not found',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } },
        },
      },
    },
  });
}
