// The security check before any code (spec 001 §2 "graphic captcha and a slider puzzle security check,
// which precede the sending of any code"): no code without a ticket, a ticket is spent once, wrong
// answers, replays and old challenges are refused; the slider's pictures do not carry its answer.
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';

/** A PNG data URL: its pixels (decoded as RGBA) and the types of its chunks, in order. */
function decodePng(dataUrl: string): { png: PNG; chunks: string[] } {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const chunks: string[] = [];
  for (let o = 8; o < bytes.length; ) {
    const length = bytes.readUInt32BE(o);
    chunks.push(bytes.toString('latin1', o + 4, o + 8));
    o += 12 + length;
  }
  return { png: PNG.sync.read(bytes), chunks };
}

describeWithDatabases('security check', (t) => {
  it('refuses to send an SMS code without a ticket, with a made-up one, or with a spent one', async () => {
    const phone = t.phone();
    const none = await t.inject({ method: 'POST', url: '/api/auth/sms', payload: { phone } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 400, msg: 'Please complete the security check first', data: { error: 'SECURITY_CHECK_REQUIRED' } });

    const fake = await t.inject({ method: 'POST', url: '/api/auth/sms?randstr=abc&ticket=def', payload: { phone } });
    expect(fake.json()).toMatchObject({ code: 400, data: { error: 'SECURITY_CHECK_INVALID' } });

    const { randstr, ticket } = await t.ticket();
    const first = await t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${ticket}`, payload: { phone } });
    expect(first.json()).toMatchObject({ code: 200, msg: 'Code sent successfully' });
    t.clock.advance(61_000);
    const again = await t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${ticket}`, payload: { phone } });
    expect(again.json()).toMatchObject({ data: { error: 'SECURITY_CHECK_INVALID' } });
    // A ticket with another puzzle's randstr is refused too.
    const b = await t.ticket();
    const mixed = await t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${b.ticket}`, payload: { phone } });
    expect(mixed.json()).toMatchObject({ data: { error: 'SECURITY_CHECK_INVALID' } });
    // No code reached the outbox for the refused requests.
    const sent = await t.db.selectFrom('outbox').select('id').where('recipient', '=', phone).execute();
    expect(sent).toHaveLength(1);
  });

  it('slider: the piece dropped within 5 px of the gap passes; a wrong drop burns the puzzle', async () => {
    const s1 = (await t.inject({ method: 'GET', url: '/api/auth/slider' })).json().data;
    expect(s1.background).toMatch(/^data:image\/png;base64,/);
    expect(s1.piece).toMatch(/^data:image\/png;base64,/);
    const gap = Number((await t.db.selectFrom('security_challenges').select('answer').where('id', '=', s1.id).executeTakeFirstOrThrow()).answer);
    const wrong = await t.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: s1.id, x: gap + 30 } });
    expect(wrong.json()).toMatchObject({ code: 400, msg: 'Verification failed, please drag the slider again', data: { error: 'SLIDER_FAILED' } });
    const retry = await t.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: s1.id, x: gap } });
    expect(retry.json().data.error).toBe('SLIDER_FAILED');

    const s2 = (await t.inject({ method: 'GET', url: '/api/auth/slider' })).json().data;
    const gap2 = Number((await t.db.selectFrom('security_challenges').select('answer').where('id', '=', s2.id).executeTakeFirstOrThrow()).answer);
    const ok = await t.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: s2.id, x: gap2 - 4.5 } });
    expect(ok.json().code).toBe(200);
    expect(ok.json().data.randstr.length).toBeGreaterThan(8);
    // One answer per puzzle: the same right answer again (a replay) is refused.
    const replay = await t.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: s2.id, x: gap2 } });
    expect(replay.json()).toMatchObject({ code: 400, data: { error: 'SLIDER_FAILED' } });
  });

  it('slider: the answer never leaves the server — two PNGs without text, the piece drawn from x = 0, the gap drawn into the background', async () => {
    const fixed = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.inject({ method: 'GET', url: '/api/auth/slider' });
      const s = res.json().data as { id: string; width: number; height: number; pieceSize: number; pieceY: number; expiresIn: number; background: string; piece: string };
      const gap = Number((await t.db.selectFrom('security_challenges').select('answer').where('id', '=', s.id).executeTakeFirstOrThrow()).answer);
      // No text of the answer names the gap: besides the pictures, a random id, the piece's row and the
      // puzzle's fixed sizes — the same in every puzzle, so nothing there moves with the gap. (A check
      // that no field equals the gap fails by chance: a gap of 160 px equals the picture's height.)
      const { background, piece, ...rest } = s;
      expect(Object.keys(s).sort()).toEqual(['background', 'expiresIn', 'height', 'id', 'piece', 'pieceSize', 'pieceY', 'width']);
      expect(rest.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      fixed.add(JSON.stringify([rest.width, rest.height, rest.pieceSize, rest.expiresIn]));
      expect(fixed.size).toBe(1);
      const bg = decodePng(background);
      const pc = decodePng(piece);
      // Pictures only: no text chunks (tEXt, zTXt, iTXt) or anything else that could carry a number.
      expect(new Set(bg.chunks)).toEqual(new Set(['IHDR', 'IDAT', 'IEND']));
      expect(new Set(pc.chunks)).toEqual(new Set(['IHDR', 'IDAT', 'IEND']));
      expect([bg.png.width, bg.png.height]).toEqual([s.width, s.height]);
      // The piece strip is as tall as the background and only piece-wide: nothing in its size moves with the gap.
      expect([pc.png.width, pc.png.height]).toEqual([s.pieceSize + 9, s.height]);
      // Its opaque pixels start at its left edge (x = 0), at the row pieceY says.
      const opaque = (x: number, y: number) => pc.png.data[(y * pc.png.width + x) * 4 + 3] > 0;
      expect(opaque(0, s.pieceY + 10)).toBe(true);
      expect(opaque(0, s.pieceY - 12)).toBe(false);
      // The gap is drawn into the background: darker there than the piece that fits it.
      const lum = (d: Buffer, o: number) => 0.3 * d[o] + 0.59 * d[o + 1] + 0.11 * d[o + 2];
      let gapLum = 0;
      let pieceLum = 0;
      for (let y = s.pieceY + 6; y < s.pieceY + s.pieceSize - 6; y++) {
        for (let x = 6; x < s.pieceSize - 6; x++) {
          gapLum += lum(bg.png.data, (y * s.width + gap + x) * 4);
          pieceLum += lum(pc.png.data, (y * pc.png.width + x) * 4);
        }
      }
      expect(gapLum).toBeLessThan(pieceLum * 0.75);
    }
  });

  it('a puzzle older than 2 minutes and a ticket older than 5 minutes are refused', async () => {
    const s = (await t.inject({ method: 'GET', url: '/api/auth/slider' })).json().data;
    const gap = Number((await t.db.selectFrom('security_challenges').select('answer').where('id', '=', s.id).executeTakeFirstOrThrow()).answer);
    t.clock.advance(121_000);
    const late = await t.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: s.id, x: gap } });
    expect(late.json().data.error).toBe('SLIDER_FAILED');

    const { randstr, ticket } = await t.ticket();
    t.clock.advance(301_000);
    const old = await t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${ticket}`, payload: { phone: t.phone() } });
    expect(old.json().data.error).toBe('SECURITY_CHECK_INVALID');
  });

  it('graphic captcha: an SVG image; the right text (any case) gives a ticket, a wrong one does not', async () => {
    const c = (await t.inject({ method: 'GET', url: '/api/auth/validate-code' })).json().data;
    expect(c.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(c.img.split(',')[1], 'base64').toString()).toContain('<svg');
    const answer = (await t.db.selectFrom('security_challenges').select('answer').where('id', '=', c.uuid).executeTakeFirstOrThrow()).answer;
    const ok = await t.inject({ method: 'POST', url: '/api/auth/validate-code/verify', payload: { uuid: c.uuid, code: answer.toUpperCase() } });
    expect(ok.json().code).toBe(200);
    const { randstr, ticket } = ok.json().data;
    const sms = await t.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${ticket}`, payload: { phone: t.phone() } });
    expect(sms.json().code).toBe(200);

    const c2 = (await t.inject({ method: 'GET', url: '/api/auth/validate-code' })).json().data;
    const bad = await t.inject({ method: 'POST', url: '/api/auth/validate-code/verify', payload: { uuid: c2.uuid, code: 'zzzzz' } });
    expect(bad.json()).toMatchObject({ code: 400, data: { error: 'CAPTCHA_INVALID' } });
  });

  it('says which providers are real: dev outbox and WeChat sandbox by default', async () => {
    const p = (await t.inject({ method: 'GET', url: '/api/auth/providers' })).json().data;
    expect(p.sms).toMatchObject({ provider: 'dev', configured: false });
    expect(p.sms.notice).toMatch(/not configured/);
    expect(p.email).toMatchObject({ provider: 'dev', configured: false });
    expect(p.wechat).toMatchObject({ provider: 'sandbox', configured: false });
  });
});

describeWithDatabases('housekeeping', (t) => {
  it('purges spent challenges and tickets, day-old codes, and long-dead sessions; keeps live ones', async () => {
    const { purgeExpired } = await import('../../src/server/accounts/housekeeping.ts');
    const live = await t.signUp();
    const dead = await t.signUp();
    await t.inject({ method: 'POST', url: '/api/auth/exit', headers: t.bearer(dead.token) });
    t.clock.advance(6 * 24 * 3600_000);
    const fresh = (await t.inject({ method: 'GET', url: '/api/auth/slider' })).json().data.id as string;
    t.clock.advance(35 * 24 * 3600_000);
    const fresher = await t.signUp();
    await purgeExpired(t.db, t.clock);
    const challenges = await t.db.selectFrom('security_challenges').select('id').execute();
    expect(challenges.map((c) => c.id)).not.toContain(fresh);
    const sessions = await t.db.selectFrom('sessions').select('user_id').execute();
    expect(sessions.map((s) => s.user_id)).toContain(fresher.userId);
    expect(sessions.map((s) => s.user_id)).not.toContain(dead.userId);
    expect(sessions.map((s) => s.user_id)).not.toContain(live.userId);
    // The newest code (signed in a moment ago) stays: the daily limit still sees it.
    expect((await t.db.selectFrom('verification_codes').select('id').execute()).length).toBeGreaterThan(0);
    expect((await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(fresher.token) })).json().code).toBe(200);
  });
});
