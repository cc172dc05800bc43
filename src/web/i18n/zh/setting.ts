// 中文目录：设计向导、运维与企业区域。
export const setting = {
  setting: {
    newProject: '新建项目',
    blocked: '请先完成前面的步骤',
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
      saveFirst: '保存项目信息后可进入下一步',
    },
    frame: {
      load: '录入年用电量或上传 xlsx 负荷文件，选择用电模型。',
      building: '在卫星地图或无人机模型上绘制建筑轮廓与屋脊线。',
      openLab: '打开屋顶实验室',
      components: '选择组件，设置倾角、方位、间距与边距并排布。',
      electrical: '选择逆变器，串联组串并分配 MPPT，设计电缆。',
      economics: '设置投资、电价与贷款，计算 25 年现金流。',
      report: '生成三维与模拟报告。',
    },
  },
  aiom: {
    title: '运维',
    menu: {
      back: '返回列表',
      summary: '电站概览',
      view: '三维视图',
      patrol: '巡检',
      alarm: '告警',
      statistics: '统计',
      device: '设备',
      configuration: '配置',
      fly: '飞行计划',
    },
  },
  enterprise: {
    title: '企业管理',
    menu: {
      home: '企业首页',
      projectList: '项目管理',
      businessList: '公司信息',
      personList: '人员信息',
      deviceList: '设备信息',
      selectEnterprise: '选择组织',
    },
  },
};
