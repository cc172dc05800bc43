// Test harness for the editor's tool machines: a scene the tool reads through its input getters and
// changes only through its emitted events (tools/types.ts), deterministic ids, synthetic pointer events.
import type { BuildingDocument, LayoutDocument } from '../../../../../src/model/design.ts';
import { emptyBuildingDocument, emptyLayoutDocument } from '../../../../../src/model/design.ts';
import type { Selection, ToolInputEvent } from '../../../../../src/web/editor/contracts.ts';
import type { ToolEmitted, ToolInput } from '../../../../../src/web/editor/tools/types.ts';

/** Ids id1, id2, … */
export function counterIds(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

export class TestScene {
  doc: BuildingDocument;
  layout: LayoutDocument;
  /** The drag preview, when a tool shows one. */
  previewDoc: BuildingDocument | null = null;
  previewLayout: LayoutDocument | null = null;
  selection: Selection | null = null;
  readonly emitted: ToolEmitted[] = [];
  readonly newId = counterIds();

  constructor(doc: BuildingDocument = emptyBuildingDocument(), layout: LayoutDocument = emptyLayoutDocument()) {
    this.doc = doc;
    this.layout = layout;
  }

  input(): Required<Pick<ToolInput, 'getDocument' | 'getSelection' | 'newId'>> & { getLayout: () => LayoutDocument } {
    return {
      getDocument: () => this.doc,
      getLayout: () => this.layout,
      getSelection: () => this.selection,
      newId: this.newId,
    };
  }

  /** Applies what a tool emits, like the editor does. */
  readonly handle = (e: ToolEmitted): void => {
    this.emitted.push(e);
    switch (e.type) {
      case 'doc.change':
        if (e.preview) this.previewDoc = e.apply(this.doc);
        else {
          this.doc = e.apply(this.doc);
          this.previewDoc = null;
        }
        break;
      case 'layout.change':
        if (e.preview) this.previewLayout = e.apply(this.layout);
        else {
          this.layout = e.apply(this.layout);
          this.previewLayout = null;
        }
        break;
      case 'preview.cancel':
        this.previewDoc = null;
        this.previewLayout = null;
        break;
      case 'selection.change':
        this.selection = e.selection;
        break;
      case 'point.editHeight':
        break;
    }
  };

  /** Committed changes so far (doc.change and layout.change without preview). */
  commits(): ToolEmitted[] {
    return this.emitted.filter((e) => (e.type === 'doc.change' || e.type === 'layout.change') && !e.preview);
  }
}

/** Pointer events at plan (x, y) [m] for a view of `mPerPx` metres per pixel. */
export const down = (x: number, y: number, mPerPx = 0.05, shift = false): ToolInputEvent => ({ type: 'pointer.down', x, y, mPerPx, shift });
export const move = (x: number, y: number, mPerPx = 0.05, shift = false): ToolInputEvent => ({ type: 'pointer.move', x, y, mPerPx, shift });
export const up = (x: number, y: number, mPerPx = 0.05, shift = false): ToolInputEvent => ({ type: 'pointer.up', x, y, mPerPx, shift });
export const dbl = (x: number, y: number, mPerPx = 0.05): ToolInputEvent => ({ type: 'pointer.doubleClick', x, y, mPerPx });

/** A click: press and release at one place. */
export function click(send: (e: ToolInputEvent) => void, x: number, y: number, mPerPx = 0.05, shift = false): void {
  send(down(x, y, mPerPx, shift));
  send(up(x, y, mPerPx, shift));
}

/** A drag from a to b through a few moves. */
export function drag(send: (e: ToolInputEvent) => void, a: [number, number], b: [number, number], mPerPx = 0.05, shift = false): void {
  send(down(a[0], a[1], mPerPx, shift));
  for (let k = 1; k <= 4; k++) send(move(a[0] + ((b[0] - a[0]) * k) / 4, a[1] + ((b[1] - a[1]) * k) / 4, mPerPx, shift));
  send(up(b[0], b[1], mPerPx, shift));
}
