import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { decideOrder, type OrderEvent, type OrderState, orderStreamName } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import type { JobQueue } from '../infra/jobs';
import { deterministicUuid, orderStream, StreamDecider, systemContext } from '../inventory';
import { JOB_QUEUE } from '../jobs/jobs.module';
import { scheduledRun } from '../jobs/scheduled-run';
import { LOGGER, type Logger } from '../logging/logger';
import { CancelOrderCommand, ConfirmOrderCommand } from '../orders';
import { CLOSED_ORDERS_PER_RUN, ClosedOrdersStore, LOOK_BACK_DAYS } from './closed-orders.store';
import { ABANDONED_AFTER_MS } from './idempotency-keys.store';
import { type OpenAttempt, ReservationAttemptsStore } from './reservation-attempts.store';
import { ReservationReleaser } from './reservation-releaser';

export const SWEEPER_JOB = 'reservation-sweeper';
export const SWEEP_EVERY_MS = 30_000;
/** Advisory lock space of the sweeper's runs (every space: docs/operations-cli.md). */
export const SWEEPER_LOCK_SPACE = 3005;
/** A confirm or cancel still running is left alone this long before its open lines count as stuck. */
export const FINISH_AFTER_MS = 60_000;

export interface SweepReport {
  /** Attempts whose reservations were given back. */
  released: number;
  /** Attempts whose order turned out to be placed (the crash came after `OrderPlaced`). */
  placed: number;
  /** Attempts left for the next run because a release failed. */
  failed: number;
}

export interface FinishReport {
  /** Confirmed or cancelled orders whose open lines were settled or released now. */
  finished: number;
  /** Orders left for the next run because finishing failed. */
  failed: number;
}

/**
 * Gives back stock reserved by checkouts that died before placing their order (DESIGN §3). Safe
 * to run anywhere and any number of times: releases are idempotent on the card streams, and an
 * attempt whose order exists is only marked as placed.
 */
@Injectable()
export class ReservationSweeper implements OnModuleInit {
  /** Whether a run of this process has looked at every closed order, however old (see `finishClosedOrders`). */
  private lookedBackFully = false;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly attempts: ReservationAttemptsStore,
    private readonly releaser: ReservationReleaser,
    private readonly decider: StreamDecider,
    private readonly closedOrders: ClosedOrdersStore,
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.jobs.register(SWEEPER_JOB, () => this.runOnSchedule(), { attempts: 1 });
    await this.jobs.repeat(SWEEPER_JOB, SWEEP_EVERY_MS);
  }

  /** The schedule's run: one the database drops ends with a warning, and the next, 30 s on, does its work (`scheduledRun`). */
  runOnSchedule(): Promise<void> {
    return scheduledRun(() => this.runScheduled(), this.logger, 'reservation sweep');
  }

  /**
   * One scheduled run, unless another process's run is still going: BullMQ starts the next run of a
   * schedule when one begins, so with several workers a slow run would overlap the next. False when skipped.
   */
  async runScheduled(): Promise<boolean> {
    const lock = await this.db.tryLock(SWEEPER_LOCK_SPACE, SWEEPER_JOB);
    if (!lock) return false;
    try {
      await this.sweep();
      await this.finishClosedOrders();
      return true;
    } finally {
      await lock.release();
    }
  }

  async sweep(olderThanMs = ABANDONED_AFTER_MS): Promise<SweepReport> {
    const report: SweepReport = { released: 0, placed: 0, failed: 0 };
    for (const attempt of await this.attempts.abandoned(olderThanMs)) {
      report[await this.finish(attempt)] += 1;
    }
    return report;
  }

  /**
   * Confirmed or cancelled orders whose lines were not all settled or released: the process died, or a
   * card append failed, between the order event and the card events. The same command again finishes
   * them: the order stream answers that it already moved, and the card streams make a second settle or
   * release a no-op.
   */
  async finishClosedOrders(olderThanMs = FINISH_AFTER_MS): Promise<FinishReport> {
    const report: FinishReport = { finished: 0, failed: 0 };
    // Until one run of this process has seen every closed order, runs are not bounded to the last days.
    const stuck = await this.closedOrders.withOpenLines(olderThanMs, this.lookedBackFully ? LOOK_BACK_DAYS : null);
    for (const { orderId, status } of stuck) {
      const context = { ...systemContext('sweeper'), causationId: orderId };
      try {
        await this.commands.execute(status === 'confirmado' ? new ConfirmOrderCommand(orderId, context) : new CancelOrderCommand(orderId, context));
        report.finished += 1;
      } catch (err) {
        this.logger.warn({ err, orderId, status }, 'could not finish a closed order; the next sweep tries again');
        report.failed += 1;
      }
    }
    if (stuck.length < CLOSED_ORDERS_PER_RUN) this.lookedBackFully = true;
    return report;
  }

  /**
   * The order stream decides between a late checkout and the sweeper: `OrderAbandoned` is appended only
   * on an empty stream (expected revision), and only then is the stock given back. A checkout still
   * running has its `PlaceOrder` refused afterwards; one that placed first wins, and the attempt is
   * marked as placed.
   */
  private async finish(attempt: OpenAttempt): Promise<keyof SweepReport> {
    const context = { ...systemContext('sweeper'), causationId: attempt.attemptId };
    const { orderId } = attempt;
    const { state } = await this.decider.decide<OrderEvent, OrderState>(orderStream, {
      streamId: orderStreamName(orderId),
      context,
      decide: (current) => decideOrder({ type: 'AbandonOrder', data: { orderId, at: new Date() } }, current),
      eventId: (event) => deterministicUuid(`${event.type}:${orderId}`),
    });
    const ordered = new Set(state.status === 'abandoned' || state.status === 'none' ? [] : state.order.items.map((item) => item.reservationId));
    if (attempt.reservations.every((reservation) => ordered.has(reservation.reservationId))) {
      await this.attempts.markPlaced(attempt.attemptId);
      return 'placed';
    }
    if (!(await this.releaser.release(attempt.reservations, context))) return 'failed';
    await this.attempts.released(attempt.attemptId);
    return 'released';
  }
}
