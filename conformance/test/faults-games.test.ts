import { areaOf, describeFaults } from './describe-faults.ts';

describeFaults('deliberate faults in the games collection', (fault) => areaOf(fault) === 'games');
