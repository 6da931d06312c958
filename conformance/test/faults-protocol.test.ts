import { areaOf, describeFaults } from './describe-faults.ts';

const AREAS = ['auth', 'protocol', 'rate-limit'];

describeFaults('deliberate faults in authentication, protocol and rate limits', (fault) =>
  AREAS.includes(areaOf(fault)),
);
