// GET /api/web/editor/config: the editor's server-side settings (the satellite source, or why there
// is none), checked by the shared schema (src/model/api/editor.ts).
import { request } from '../../api/http.ts';
import { editorConfigSchema, type EditorConfig } from '../../../model/api/editor.ts';

/** Path of the editor configuration call. */
export const EDITOR_CONFIG_PATH = '/api/web/editor/config';

export function getEditorConfig(signal?: AbortSignal): Promise<EditorConfig> {
  return request(EDITOR_CONFIG_PATH, editorConfigSchema, { signal });
}
