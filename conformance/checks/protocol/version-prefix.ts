import { defineCheck } from '../../src/core/check.ts';
import { expectStatus, failWith } from '../../src/core/expect.ts';

export const versionPrefix = defineCheck({
  id: 'PROTOCOL-VERSION-PREFIX',
  area: 'protocol',
  source: '§9 rule 1 (the version is carried in the path prefix /api/v1)',
  level: 'must',
  title: 'The API is served under the /api/v1 path prefix',
  covers: ['S9.1'],
  async run(ctx) {
    const basePath = new URL(ctx.client.baseUrl).pathname.replace(/\/+$/, '');
    if (!basePath.endsWith('/api/v1')) {
      ctx.fail({
        message: `the base URL's path ${basePath || '/'} does not end in /api/v1`,
        expected: 'a base URL ending in /api/v1 (§9 rule 1; conventions: {base_url} includes /api/v1)',
        received: ctx.client.baseUrl,
      });
    }
    // The links the service builds name the same version prefix.
    const response = await ctx.client.get('/games', { query: [['per_page', 1]] });
    expectStatus(response, 200);
    const self = (response.body as { links?: { self?: unknown } }).links?.self;
    let selfPath: string | undefined;
    try {
      selfPath = typeof self === 'string' ? new URL(self).pathname : undefined;
    } catch {
      selfPath = undefined;
    }
    if (selfPath === undefined || !/\/api\/v1\/games\/?$/.test(selfPath)) {
      failWith(
        response,
        'links.self of GET /games does not carry the /api/v1 prefix',
        'an absolute links.self whose path ends in /api/v1/games',
        `links.self ${JSON.stringify(self)}`,
      );
    }
  },
});
