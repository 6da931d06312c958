import { defineCheck } from '../../src/core/check.ts';
import { expectHeader, expectStatus } from '../../src/core/expect.ts';
import { challengeServiceName } from './support/bearer-challenge.ts';

/**
 * D35: only the service's name is open. The shape `Bearer realm="<name> API"` is stated (§5
 * rule 4) and asserted on every 401 at must level by AUTH-BEARER-CHALLENGE.
 */
export const realmServiceName = defineCheck({
  id: 'AUTH-REALM-SERVICE-NAME',
  area: 'auth',
  source: '§5 rule 4 (<service_name>; DECISIONS D35)',
  level: 'profile',
  title: "The realm of the Bearer challenge names the profile's service",
  covers: ['S5.4'],
  decisions: ['D35'],
  async run(ctx) {
    const name = ctx.profile.serviceName;
    if (name === null) ctx.skip('the profile accepts any service name (serviceName: null)');
    const response = await ctx.client.get('/tags', { auth: 'none' });
    expectStatus(response, 401);
    const want = `Bearer realm="${name} API"`;
    expectHeader(
      response,
      'WWW-Authenticate',
      (value) => challengeServiceName(value) === name,
      `WWW-Authenticate: ${want}`,
    );
  },
});
