// The editor's imagery calls: GET /api/web/editor/config (the source the map shows as "satellite", or
// why there is none) and GET / PUT /api/web/editor/base-map (the signed-in user's imagery setting),
// checked by the shared schemas (src/model/api/editor.ts, src/model/base-map.ts).
import { request } from '../../api/http.ts';
import { baseMapAnswerSchema, editorConfigSchema, type BaseMapAnswer, type EditorConfig } from '../../../model/api/editor.ts';
import type { BaseMapSetting } from '../../../model/base-map.ts';

/** Path of the editor configuration call. */
export const EDITOR_CONFIG_PATH = '/api/web/editor/config';
/** Path of the user's imagery setting. */
export const BASE_MAP_PATH = '/api/web/editor/base-map';

export function getEditorConfig(signal?: AbortSignal): Promise<EditorConfig> {
  return request(EDITOR_CONFIG_PATH, editorConfigSchema, { signal });
}

export function getBaseMapSetting(signal?: AbortSignal): Promise<BaseMapAnswer> {
  return request(BASE_MAP_PATH, baseMapAnswerSchema, { signal, silent: true });
}

export function saveBaseMapSetting(setting: BaseMapSetting): Promise<BaseMapAnswer> {
  return request(BASE_MAP_PATH, baseMapAnswerSchema, { method: 'PUT', body: setting, silent: true });
}
