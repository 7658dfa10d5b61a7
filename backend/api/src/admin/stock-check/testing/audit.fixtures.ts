import type { INestApplication } from '@nestjs/common';
import { type EventStore, ProjectionWaiter } from '@tcg/projections';
import { EVENT_STORE } from '../../../event-store/event-store.module';
import type { StockCheckRow } from '../queries/stock-check.query';

/** The part of a supertest agent these helpers use, so this file builds without the test-only packages. */
interface HttpClient {
  get(path: string): PromiseLike<{ status: number; body: { cards?: StockCheckRow[] } }>;
}

/** Waits until every read model has applied every event stored so far (the app runs its projector). */
export async function readModelsAtHead(app: INestApplication): Promise<void> {
  const head = await app.get<EventStore>(EVENT_STORE).head();
  if (!(await app.get(ProjectionWaiter).waitFor(head ?? 0, 10_000))) throw new Error(`read models did not reach position ${head}`);
}

/** The stock audit's row of the one card whose name is `name` (`more`: further parameters, each after `&`). */
export async function auditRow(agent: HttpClient, name: string, more = ''): Promise<StockCheckRow> {
  const res = await agent.get(`/api/admin/stock-check?q=${encodeURIComponent(name)}${more}`);
  const rows = (res.body.cards ?? []).filter((row) => row.name === name);
  if (res.status !== 200 || rows.length !== 1)
    throw new Error(`expected one audit row named ${name}, got ${res.status} ${JSON.stringify(res.body)}`);
  return rows[0];
}
