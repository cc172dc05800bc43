// The slider puzzle (spec 001 §2 "a slider puzzle security check"): load a picture, drag the piece
// along the track, drop → the server checks the x; a miss loads a new picture.
import { useCallback, useEffect, useRef, useState } from 'react';
import { newSlider, verifySlider, type SecurityTicket } from '../api/auth.ts';
import type { SliderChallenge } from '../../model/api/account-answers.ts';

export interface SliderPuzzle {
  challenge: SliderChallenge | null;
  /** Piece offset [px]. */
  x: number;
  failed: boolean;
  checking: boolean;
  /** Pointer handlers of the handle (pointer capture keeps the drag on the handle). */
  onPointerDown: (e: React.PointerEvent<HTMLElement>) => void;
  onPointerMove: (e: React.PointerEvent<HTMLElement>) => void;
  onPointerUp: (e: React.PointerEvent<HTMLElement>) => void;
  reload: () => void;
}

/** The largest offset of the piece: the picture's width minus the piece and its knob [px]. */
export function maxOffset(c: Pick<SliderChallenge, 'width' | 'pieceSize'>): number {
  return c.width - c.pieceSize;
}

export function useSliderPuzzle(active: boolean, onTicket: (t: SecurityTicket) => void): SliderPuzzle {
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null);
  const [x, setX] = useState(0);
  const [failed, setFailed] = useState(false);
  const [checking, setChecking] = useState(false);
  const drag = useRef<{ startX: number; from: number } | null>(null);
  // The latest offset, also between renders (pointerup may come before the last move re-rendered).
  const latest = useRef(0);
  const moveTo = (v: number) => {
    latest.current = v;
    setX(v);
  };

  const reload = useCallback(() => {
    latest.current = 0;
    setX(0);
    setChallenge(null);
    newSlider()
      .then(setChallenge)
      .catch(() => setChallenge(null));
  }, []);

  useEffect(() => {
    if (active) {
      setFailed(false);
      reload();
    }
  }, [active, reload]);

  const onPointerDown = (e: React.PointerEvent<HTMLElement>) => {
    if (!challenge || checking) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, from: latest.current };
    setFailed(false);
  };
  const onPointerMove = (e: React.PointerEvent<HTMLElement>) => {
    if (!drag.current || !challenge) return;
    const next = drag.current.from + e.clientX - drag.current.startX;
    moveTo(Math.max(0, Math.min(maxOffset(challenge), next)));
  };
  const onPointerUp = (e: React.PointerEvent<HTMLElement>) => {
    if (!drag.current || !challenge) return;
    // Where the pointer was released is the answer (a last move may have been coalesced away).
    onPointerMove(e);
    drag.current = null;
    setChecking(true);
    verifySlider(challenge.id, Math.round(latest.current))
      .then((t) => onTicket({ randstr: t.randstr, ticket: t.ticket }))
      .catch(() => {
        setFailed(true);
        reload();
      })
      .finally(() => setChecking(false));
  };
  return { challenge, x, failed, checking, onPointerDown, onPointerMove, onPointerUp, reload };
}
