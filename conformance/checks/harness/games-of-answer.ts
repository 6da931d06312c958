import type { components } from '../../../spec/generated/openapi.d.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

type TagReference = components['schemas']['TagReference'];

/**
 * A game as the traffic checks read it, whatever the answer held: `status` is an object and
 * `tags.categories` holds only TagReferences, so no read of a nested field throws. A part of
 * another shape reads as absent (`{}`, the value left out): the schema checks report it. The
 * values are as answered, `unknown` to be judged.
 */
export interface GameAsRead {
  id: unknown;
  status: { [Field in keyof GameSummary['status']]?: unknown };
  tags: { categories: Record<string, TagReference> };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isTagReference = (value: unknown): value is TagReference =>
  isObject(value) && typeof value.id === 'number' && typeof value.name === 'string';

/**
 * `game` as the traffic checks read it. Discovery's games need it for their categories too: it
 * keeps games whose `tags.categories` is an object, whatever that holds.
 */
export function gameAsRead({ id, status, tags }: Record<string, unknown>): GameAsRead {
  const categories = isObject(tags) && isObject(tags.categories) ? tags.categories : {};
  return {
    id,
    status: isObject(status) ? status : {},
    tags: {
      categories: Object.fromEntries(
        Object.entries(categories).filter((entry): entry is [string, TagReference] =>
          isTagReference(entry[1]),
        ),
      ),
    },
  };
}

/** The games of an answer of GET /games (its data) or GET /games/{id} (its one game): the objects among them, as read. */
export function gamesOfAnswer(response: ApiResponse): GameAsRead[] {
  const data = (response.body as { data?: unknown } | undefined)?.data;
  const games = Array.isArray(data) ? data : [data];
  return games.filter(isObject).map(gameAsRead);
}
