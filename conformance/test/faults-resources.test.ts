import { areaOf, describeFaults } from './describe-faults.ts';

const AREAS = ['game-detail', 'mssp', 'players', 'reviews', 'statistics', 'tags'];

describeFaults('deliberate faults in games, MSSP, player history, reviews and statistics', (fault) =>
  AREAS.includes(areaOf(fault)),
);
