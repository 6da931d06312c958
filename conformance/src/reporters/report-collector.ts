/**
 * What the file reporters need from the event stream, gathered in one place: the run-start
 * event, the discovery facts and the final summary. Each file reporter renders from it.
 */
import type { DiscoveryDoneEvent, RunEvent, RunStartEvent, RunSummary } from '../core/events.ts';

export interface CollectedRun {
  start?: RunStartEvent;
  discovery?: DiscoveryDoneEvent;
  summary: RunSummary;
}

/** A listener that calls `onEnd` with the collected run when `run-end` arrives. */
export function collectRun(onEnd: (run: CollectedRun) => void | Promise<void>) {
  let start: RunStartEvent | undefined;
  let discovery: DiscoveryDoneEvent | undefined;
  return async (event: RunEvent): Promise<void> => {
    if (event.type === 'run-start') start = event;
    else if (event.type === 'discovery-done') discovery = event;
    else if (event.type === 'run-end') {
      const run: CollectedRun = { summary: event.summary };
      if (start) run.start = start;
      if (discovery) run.discovery = discovery;
      await onEnd(run);
    }
  };
}
