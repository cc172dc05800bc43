// 中文目录：地址搜索（项目信息步骤，服务器端地名库与在线地理编码）。
export const places = {
  places: {
    searching: '正在搜索…',
    offline: '离线城市搜索：本服务器未配置在线地理编码服务',
    fallback: '在线地理编码服务未响应，已使用离线城市搜索',
    noResult: '未查询到相关数据',
  },
};
