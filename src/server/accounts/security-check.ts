// The security check that precedes every code (spec 001 §2, §5): a graphic captcha (svg-captcha) or a
// slider puzzle. Passing either issues `randstr` + `ticket` (the names of Tencent's captcha, which the
// client already speaks); a code request spends the ticket once. The graphic captcha also guards the
// password sign-in after repeated wrong passwords. Challenges and tickets live in the database so
// that several server processes share them; only the tickets' hashes are stored.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import { addMs, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { POLICY } from './policy.ts';
import { pngDataUrl, SLIDER, sliderPicture, svgDataUrl } from './slider-image.ts';
import { randomToken, sha256 } from './tokens.ts';

export interface CaptchaChallenge {
  uuid: string;
  /** data:image/svg+xml;base64,… */
  img: string;
  expiresIn: number;
}

export interface SliderChallenge {
  id: string;
  width: number;
  height: number;
  pieceSize: number;
  /** Top of the piece [px]; the piece starts at x = 0. */
  pieceY: number;
  /** data:image/png;base64,… — the background with the gap (and decoys) drawn in. */
  background: string;
  /** data:image/png;base64,… — the piece strip, as tall as the background. */
  piece: string;
  expiresIn: number;
}

export interface Ticket {
  randstr: string;
  ticket: string;
  expiresIn: number;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class SecurityCheck {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  private async store(kind: 'captcha' | 'slider', answer: string): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now();
    await this.db
      .insertInto('security_challenges')
      .values({ id, kind, answer, created_at: now, expires_at: addMs(now, POLICY.challengeTtl), solved_at: null })
      .execute();
    return id;
  }

  /** GET /api/auth/validate-code: a new graphic captcha (4 characters, no look-alikes). */
  async newCaptcha(): Promise<CaptchaChallenge> {
    const c = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1lIi', width: 120, height: 40 });
    const uuid = await this.store('captcha', c.text.toLowerCase());
    return { uuid, img: svgDataUrl(c.data), expiresIn: POLICY.challengeTtl / 1000 };
  }

  /** A new slider puzzle (the gap's x stays in the database: the answer never leaves the server). */
  async newSlider(): Promise<SliderChallenge> {
    const p = sliderPicture();
    const id = await this.store('slider', String(p.gapX));
    return {
      id,
      width: SLIDER.width,
      height: SLIDER.height,
      pieceSize: SLIDER.piece,
      pieceY: p.pieceY,
      background: pngDataUrl(p.background),
      piece: pngDataUrl(p.piece),
      expiresIn: POLICY.challengeTtl / 1000,
    };
  }

  /**
   * Spends a challenge: one answer per challenge, right or wrong (a wrong answer needs a new
   * picture). Throws `failure` when unknown, expired, already answered or wrong.
   */
  private async solve(id: string, kind: 'captcha' | 'slider', check: (answer: string) => boolean, failure: 'CAPTCHA_INVALID' | 'SLIDER_FAILED') {
    const now = this.clock.now();
    const row = await this.db
      .updateTable('security_challenges')
      .set({ attempts: (eb) => eb('attempts', '+', 1), solved_at: now })
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('solved_at', 'is', null)
      .returning(['answer', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at <= now || !check(row.answer)) throw apiError(failure, {}, { field: kind === 'captcha' ? 'captcha' : 'x' });
  }

  /** Checks a captcha answer (case-insensitive) and spends the captcha. */
  async checkCaptcha(uuid: string, text: string): Promise<void> {
    await this.solve(uuid, 'captcha', (answer) => sameText(answer, text.trim().toLowerCase()), 'CAPTCHA_INVALID');
  }

  /** Captcha answered → ticket. */
  async captchaTicket(uuid: string, text: string): Promise<Ticket> {
    await this.checkCaptcha(uuid, text);
    return this.issueTicket(uuid);
  }

  /** Slider dropped at `x` [px] → ticket when within the tolerance of the gap. */
  async sliderTicket(id: string, x: number): Promise<Ticket> {
    await this.solve(id, 'slider', (answer) => Math.abs(Number(answer) - x) <= POLICY.sliderTolerance, 'SLIDER_FAILED');
    return this.issueTicket(id);
  }

  private async issueTicket(challengeId: string): Promise<Ticket> {
    const randstr = randomToken(12);
    const ticket = randomToken(32);
    const now = this.clock.now();
    await this.db
      .insertInto('security_tickets')
      .values({ ticket_hash: sha256(ticket), randstr, challenge_id: challengeId, created_at: now, expires_at: addMs(now, POLICY.ticketTtl), used_at: null })
      .execute();
    return { randstr, ticket, expiresIn: POLICY.ticketTtl / 1000 };
  }

  /** Spends a ticket (once). Missing → SECURITY_CHECK_REQUIRED; unknown, used or expired → SECURITY_CHECK_INVALID. */
  async spendTicket(randstr: string | undefined, ticket: string | undefined): Promise<void> {
    if (!randstr || !ticket) throw apiError('SECURITY_CHECK_REQUIRED', {}, { field: 'ticket' });
    const now = this.clock.now();
    const row = await this.db
      .updateTable('security_tickets')
      .set({ used_at: now })
      .where('ticket_hash', '=', sha256(ticket))
      .where('used_at', 'is', null)
      .returning(['randstr', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at <= now || !sameText(row.randstr, randstr)) throw apiError('SECURITY_CHECK_INVALID', {}, { field: 'ticket' });
  }
}
