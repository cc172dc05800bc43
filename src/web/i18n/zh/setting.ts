// 中文目录：设计向导与运维区域（企业区域见 enterprise.ts）。
export const setting = {
  setting: {
    newProject: '新建项目',
    blocked: '请先完成前面的步骤',
    blockedWhy: '请先完成前面的步骤。{{why}}',
    blockedBy: {
      projectUnsaved: '请先保存项目信息。',
      loadMissing: '请先在“负荷”步骤完成负荷配置。',
      noBuilding: '请先在“建筑建模”步骤绘制并保存至少一栋闭合的建筑。',
      noModules: '请先在“组件排布”步骤排布并保存至少一块组件。',
      noInverterConfig: '请先在“电气设计”步骤完成逆变器配置。',
    },
    step: {
      information: '项目信息',
      load: '负荷',
      building: '建筑建模',
      components: '组件排布',
      electrical: '电气设计',
      economics: '经济分析',
      report: '报告',
    },
    leave: {
      title: '离开当前步骤',
      text: '离开前将保存当前步骤的内容。',
      ok: '保存并离开',
    },
    info: {
      basic: '基本信息',
      site: '项目位置',
      searchPlaceholder: '搜索城市，例如：上海 或 Shanghai, China',
      locationHint: '格式：经度,纬度；可在地图上点击选择。',
      mapHint: '点击地图选择位置，滚轮缩放，拖动平移。',
      mapReset: '全图',
      mapUnavailable: '无法显示地图（WebGL 不可用）：请用上方的地址搜索选择位置。',
      mapSources: '边界：Natural Earth（依自然资源部标准地图调整，world-geo-json-zh）、DataV.GeoAtlas 省界；城市：country-state-city 地名库。离线地图，不请求任何瓦片服务。',
      saveFirst: '保存项目信息后可进入下一步',
    },
  },
};
