// A tiny local dictionary until i18next arrives: every label of the lab goes through `t(key)`.
// English is the lab's default; the choice is kept in localStorage.
import { useSyncExternalStore } from 'react';

export type Language = 'en' | 'zh';

const en = {
  'app.name': 'PV Studio',
  'lab.title': 'Roof lab',
  'lang.switch': '中文',
  'tool.group': 'Draw',
  'tool.outline': 'Outline',
  'tool.outline.tip': 'Draw the building outline (O)',
  'tool.line': 'Roof line',
  'tool.line.tip': 'Draw ridges, hips and valleys between points (L)',
  'tool.select': 'Select',
  'tool.select.tip': 'Select a point to set its height (V)',
  'action.undo': 'Undo',
  'action.undo.tip': 'Undo (Ctrl+Z)',
  'action.redo': 'Redo',
  'action.redo.tip': 'Redo (Ctrl+Y)',
  'action.clear': 'Clear',
  'action.clear.tip': 'Clear the drawing',
  'action.fit': 'Fit',
  'action.fit.tip': 'Fit the building in the view',
  'grid.snap': 'Grid 0.1 m',
  'roof.group': 'Roof',
  'roof.manual': 'Drawn',
  'roof.hip': 'Hip',
  'roof.gable': 'Gable',
  'roof.shed': 'Shed',
  'roof.flat': 'Flat',
  'roof.pitch': 'Pitch °',
  'roof.ridgeAzimuth': 'Ridge az. °',
  'roof.auto': 'auto',
  'roof.eave': 'Eave m',
  'view.plan': 'Plan',
  'view.3d': '3D view',
  'panel.faces': 'Roof faces',
  'faces.id': 'Face',
  'faces.tilt': 'Tilt °',
  'faces.azimuth': 'Azimuth °',
  'faces.azimuthInstaller': 'Az. S=0 °',
  'faces.azimuthInstaller.tip': 'Installer convention: 0 = south, east negative, west positive',
  'faces.area': 'Area m²',
  'faces.planArea': 'Plan m²',
  'faces.total': 'Total',
  'faces.empty': 'No faces yet — draw and close a building outline.',
  'panel.errors': 'Engine messages',
  'errors.none': 'No errors',
  'errors.ids': 'Ids',
  'error.SELF_INTERSECTING_OUTLINE': 'Outline crosses itself',
  'error.DANGLING_LINE': 'Line with a free end',
  'error.UNKNOWN_HEIGHT': 'Height cannot be worked out',
  'error.NON_PLANAR_FACE': 'Face is not planar',
  'error.DEGENERATE_FACE': 'Face too small',
  'error.TOO_MANY': 'Too many entities',
  'panel.building': 'Building',
  'building.footprint': 'Footprint',
  'building.perimeter': 'Perimeter',
  'building.eave': 'Eave height',
  'building.top': 'Highest point',
  'building.roofArea': 'Roof area',
  'building.drawn': 'Points / lines',
  'building.drawnValue': '{points} / {lines}',
  'building.open': 'Outline not closed',
  'panel.selection': 'Selection',
  'selection.none': 'Select a point (Select tool) to set its height.',
  'selection.point': 'Point',
  'selection.line': 'Line',
  'selection.relation': 'Relation',
  'point.z': 'Height z (m)',
  'point.computed': 'engine: {z} m',
  'point.clearZ': 'Auto',
  'action.delete': 'Delete',
  'legend.title': 'Azimuth',
  'legend.N': 'N',
  'legend.E': 'E',
  'legend.S': 'S',
  'legend.W': 'W',
  'legend.flat': 'flat',
  'status.loading': 'Loading engine…',
  'status.idle': 'Engine ready',
  'status.running': 'Computing…',
  'status.done': 'Engine {ms} ms',
  'status.failed': 'Engine unavailable: {message}',
  'status.scale': '{scale} px/m',
  'hint.outline.idle': 'Click to place the first corner of the building outline.',
  'hint.outline.drawing': 'Click to add corners — click the first point, press Enter or double-click to close. Esc discards.',
  'hint.line.idle': 'Click a point, an outline edge or inside the outline to start a roof line.',
  'hint.line.drawing': 'Click to end the line; drawing continues from there. Enter, Esc or double-click stops.',
  'hint.select': 'Click a point to set its height; Delete removes the selection.',
  'hint.auto': 'Automatic roof — drawn roof lines are ignored.',
  'hint.pan': 'Wheel: zoom · right-drag: pan',
} as const;

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  'app.name': 'PV Studio',
  'lab.title': '屋顶实验室',
  'lang.switch': 'English',
  'tool.group': '绘制',
  'tool.outline': '轮廓',
  'tool.outline.tip': '绘制建筑轮廓 (O)',
  'tool.line': '屋面线',
  'tool.line.tip': '在点之间绘制屋脊、斜脊和天沟 (L)',
  'tool.select': '选择',
  'tool.select.tip': '选择点以设置高度 (V)',
  'action.undo': '撤销',
  'action.undo.tip': '撤销 (Ctrl+Z)',
  'action.redo': '重做',
  'action.redo.tip': '重做 (Ctrl+Y)',
  'action.clear': '清空',
  'action.clear.tip': '清空绘图',
  'action.fit': '适应',
  'action.fit.tip': '将建筑适应到视图',
  'grid.snap': '网格 0.1 m',
  'roof.group': '屋顶',
  'roof.manual': '手绘',
  'roof.hip': '四坡',
  'roof.gable': '双坡',
  'roof.shed': '单坡',
  'roof.flat': '平顶',
  'roof.pitch': '坡度 °',
  'roof.ridgeAzimuth': '屋脊方位 °',
  'roof.auto': '自动',
  'roof.eave': '檐高 m',
  'view.plan': '平面',
  'view.3d': '三维视图',
  'panel.faces': '屋面',
  'faces.id': '屋面',
  'faces.tilt': '倾角 °',
  'faces.azimuth': '方位角 °',
  'faces.azimuthInstaller': '方位 南=0 °',
  'faces.azimuthInstaller.tip': '安装商习惯：0 = 正南，偏东为负，偏西为正',
  'faces.area': '面积 m²',
  'faces.planArea': '投影 m²',
  'faces.total': '合计',
  'faces.empty': '暂无屋面——请绘制并闭合建筑轮廓。',
  'panel.errors': '引擎信息',
  'errors.none': '无错误',
  'errors.ids': '编号',
  'error.SELF_INTERSECTING_OUTLINE': '轮廓自相交',
  'error.DANGLING_LINE': '线段端点悬空',
  'error.UNKNOWN_HEIGHT': '无法推算高度',
  'error.NON_PLANAR_FACE': '屋面不共面',
  'error.DEGENERATE_FACE': '屋面过小',
  'error.TOO_MANY': '数量过多',
  'panel.building': '建筑',
  'building.footprint': '占地面积',
  'building.perimeter': '周长',
  'building.eave': '檐口高度',
  'building.top': '最高点',
  'building.roofArea': '屋面面积',
  'building.drawn': '点 / 线',
  'building.drawnValue': '{points} / {lines}',
  'building.open': '轮廓未闭合',
  'panel.selection': '选中',
  'selection.none': '用“选择”工具选中一个点以设置其高度。',
  'selection.point': '点',
  'selection.line': '线',
  'selection.relation': '关系',
  'point.z': '高度 z (m)',
  'point.computed': '引擎：{z} m',
  'point.clearZ': '自动',
  'action.delete': '删除',
  'legend.title': '方位角',
  'legend.N': '北',
  'legend.E': '东',
  'legend.S': '南',
  'legend.W': '西',
  'legend.flat': '平',
  'status.loading': '正在加载引擎…',
  'status.idle': '引擎就绪',
  'status.running': '计算中…',
  'status.done': '引擎 {ms} ms',
  'status.failed': '引擎不可用：{message}',
  'status.scale': '{scale} 像素/米',
  'hint.outline.idle': '单击放置建筑轮廓的第一个角点。',
  'hint.outline.drawing': '单击添加角点——单击第一个点、按 Enter 或双击闭合；Esc 放弃。',
  'hint.line.idle': '单击一个点、轮廓边或轮廓内部开始绘制屋面线。',
  'hint.line.drawing': '单击结束该线并从该点继续；Enter、Esc 或双击停止。',
  'hint.select': '单击一个点设置其高度；Delete 删除所选。',
  'hint.auto': '自动屋顶——手绘的屋面线不参与计算。',
  'hint.pan': '滚轮：缩放 · 右键拖动：平移',
};

const dictionaries: Record<Language, Record<MessageKey, string>> = { en, zh };
const STORAGE_KEY = 'pvstudio.lang';

function initialLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (stored === 'en' || stored === 'zh') return stored;
  } catch {
    // no storage (tests, privacy mode)
  }
  return 'en';
}

let language: Language = initialLanguage();
const listeners = new Set<() => void>();

export function getLanguage(): Language {
  return language;
}

export function setLanguage(lang: Language): void {
  if (lang === language) return;
  language = lang;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // ignore
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  for (const l of listeners) l();
}

/** The label of `key` in the current language, with `{name}` placeholders filled from `vars`. */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[language][key] ?? en[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Re-renders the calling component when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}
