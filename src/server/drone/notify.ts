// Telling the user that a drone modelling ended (spec 001 §1: "the user is told by email when
// done"; §4: a failed modelling refunds credits). The e-mail goes to the account's verified address,
// else the one given on the complete-information form, through the configured mail provider; every
// message is recorded in the outbox (the dev provider keeps the whole text there and in the log,
// like the code e-mails of providers/messenger.ts). No address: nothing is sent, and that is logged.
// The personal centre's messages get 'drone.modelled' / 'drone.failed' (src/model/api/messages.ts),
// at most one per job.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { NewMessage } from '../../model/api/messages.ts';
import type { Database } from '../db/schema.ts';
import type { MailMessage, MailProvider } from '../providers/mail.ts';

export interface DroneOutcome {
  jobId: number;
  userId: number;
  projectId: number;
  projectName: string;
  /** Photo credit given back (failure only). */
  refundedCredits: number;
  /** Why the modelling failed (failure only). */
  error: string | null;
}

/** Who hears of a finished modelling job. */
export interface DroneNotifier {
  completed(outcome: DroneOutcome): Promise<void>;
  failed(outcome: DroneOutcome): Promise<void>;
}

export function completedMail(to: string, o: DroneOutcome, publicUrl: string): MailMessage {
  return {
    to,
    subject: `PV Studio: the drone model of "${o.projectName}" is ready / 无人机建模已完成`,
    text:
      `The drone photos of your project "${o.projectName}" have been modelled. The orthophoto is now the drawing background of the project's Building step: ${publicUrl}/\n\n` +
      `您的项目"${o.projectName}"的无人机照片已建模完成，正射影像已作为建筑步骤的绘图底图：${publicUrl}/\n`,
  };
}

export function failedMail(to: string, o: DroneOutcome, publicUrl: string): MailMessage {
  return {
    to,
    subject: `PV Studio: the drone modelling of "${o.projectName}" failed / 无人机建模失败`,
    text:
      `The drone photos of your project "${o.projectName}" could not be modelled (${o.error ?? 'unknown error'}). ` +
      `The ${o.refundedCredits} photo credits have been refunded to your account. ${publicUrl}/\n\n` +
      `您的项目"${o.projectName}"的无人机照片建模失败（${o.error ?? '未知错误'}），${o.refundedCredits} 张照片额度已退回您的账户。${publicUrl}/\n`,
  };
}

/** The e-mail notifier: sends through the mail provider and records the outbox row. */
export class DroneMailNotifier implements DroneNotifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly mail: MailProvider | null,
    private readonly publicUrl: string,
  ) {}

  completed(o: DroneOutcome): Promise<void> {
    return this.send(o, (to) => completedMail(to, o, this.publicUrl), 'drone-completed');
  }

  failed(o: DroneOutcome): Promise<void> {
    return this.send(o, (to) => failedMail(to, o, this.publicUrl), 'drone-failed');
  }

  private async send(o: DroneOutcome, make: (to: string) => MailMessage, purpose: string): Promise<void> {
    const user = await this.db.selectFrom('users').select(['email', 'contact_email']).where('id', '=', o.userId).executeTakeFirst();
    const to = user?.email ?? user?.contact_email ?? null;
    if (!to) {
      this.log.info({ jobId: o.jobId, userId: o.userId }, `drone job ${purpose}: the account has no e-mail address, no e-mail sent`);
      return;
    }
    if (!this.mail) {
      this.log.warn({ jobId: o.jobId }, `drone job ${purpose}: e-mail is not configured, no e-mail sent`);
      return;
    }
    const message = make(to);
    const row = { channel: 'email', provider: this.mail.kind, recipient: to, subject: message.subject, body: message.text, purpose, created_at: this.clock.now() };
    if (this.mail.kind === 'dev') {
      this.log.warn({ outbox: { channel: 'email', to, purpose } }, `[dev outbox] email to ${to}: ${message.subject}`);
      await this.db.insertInto('outbox').values({ ...row, status: 'logged', error: null, provider_message_id: null }).execute();
      return;
    }
    try {
      const id = await this.mail.send(message);
      await this.db.insertInto('outbox').values({ ...row, status: 'sent', error: null, provider_message_id: id }).execute();
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.log.error({ err, jobId: o.jobId }, 'drone e-mail failed');
      await this.db.insertInto('outbox').values({ ...row, status: 'failed', error: detail.slice(0, 500), provider_message_id: null }).execute();
    }
  }
}

/** Who posts a user message (src/server/messages/messages.ts MessageService). */
export interface MessagePoster {
  post(userId: number, message: NewMessage, options?: { dedupeKey?: string }): Promise<number | null>;
}

/** The personal centre's message of a finished job (one per job: its dedupe key). */
export class DroneUserMessages implements DroneNotifier {
  constructor(private readonly messages: MessagePoster) {}

  async completed(o: DroneOutcome): Promise<void> {
    await this.messages.post(o.userId, { kind: 'drone.modelled', params: { projectId: o.projectId, projectName: o.projectName.slice(0, 200) } }, { dedupeKey: `drone-job-${o.jobId}` });
  }

  async failed(o: DroneOutcome): Promise<void> {
    const params = { projectId: o.projectId, projectName: o.projectName.slice(0, 200), refunded: o.refundedCredits, reason: (o.error ?? '').slice(0, 500) };
    await this.messages.post(o.userId, { kind: 'drone.failed', params }, { dedupeKey: `drone-job-${o.jobId}` });
  }
}

/** Tells every notifier; one that fails is logged and does not stop the others. */
export class DroneNotifiers implements DroneNotifier {
  constructor(
    private readonly all: DroneNotifier[],
    private readonly log: FastifyBaseLogger,
  ) {}

  completed(o: DroneOutcome): Promise<void> {
    return this.each((n) => n.completed(o), o);
  }

  failed(o: DroneOutcome): Promise<void> {
    return this.each((n) => n.failed(o), o);
  }

  private async each(call: (n: DroneNotifier) => Promise<void>, o: DroneOutcome): Promise<void> {
    for (const n of this.all) {
      try {
        await call(n);
      } catch (err) {
        this.log.error({ err, jobId: o.jobId }, 'drone job: telling the user failed');
      }
    }
  }
}
