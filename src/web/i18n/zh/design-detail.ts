// 设计细节：容量上限下按屋面发电能力排布（placeOrder）、逐块组件的阴影损失与 TSRF（shadeDetail）。
export const designDetail = {
  placeOrder: {
    rankedWeather: '已达装机容量上限：按各屋面单位千瓦年辐照量（{{source}}）从高到低依次排布。',
    rankedProxy: '已达装机容量上限：未能读取气象数据，按屋面朝向与倾角估算发电能力从高到低依次排布。',
    left: '未排布的屋面：{{faces}}',
    partial: '部分排布的屋面：{{faces}}',
    face: '{{dir}}向 {{tilt}}°',
    faceCount: '{{face}}（{{count}} 块）',
    separator: '、',
    weatherEstimate: '粗略气象估算',
    dir: { N: '北', NE: '东北', E: '东', SE: '东南', S: '南', SW: '西南', W: '西', NW: '西北', flat: '平屋面' },
  },
  shadeDetail: {
    table: '逐块组件',
    module: '组件',
    loss: '年遮挡损失',
    access: '日照可及率',
    tsrf: 'TSRF',
    legend: '年遮挡损失（色标按本次结果的最小值至最大值）',
    legendSame: '所有组件的年遮挡损失均为 {{value}}',
    help: '年遮挡损失：直射与散射遮挡按组件所在平面的年直射、天空散射辐照量加权（地面反射不计遮挡）。日照可及率 = 1 − 年遮挡损失。TSRF = 日照可及率 × 组件平面年辐照量 ÷ 最佳朝向（朝赤道、最佳倾角）年辐照量。',
    beamOnly: '未能读取项目气象数据：年遮挡损失仅为直射遮挡，TSRF 无法计算。',
    moduleName: '{{face}} · 第 {{n}} 块',
    worstFirst: '损失最大的组件排在最前',
  },
};
