// Every route and redirect of spec 000 §2 and 001 §2. The root route's loader is the navigation guard
// (guard-loader.ts) and revalidates on every navigation; pages load lazily (their own chunks), so the
// progress bar covers the guard and the download. Unknown paths → /404; / → /login. router.tsx makes
// the browser router of this table.
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RootLayout, RootFallback } from '../layouts/RootLayout.tsx';
import { RouteErrorPage } from '../pages/misc/RouteErrorPage.tsx';
import { guardLoader } from './guard-loader.ts';
import { ROUTES } from './paths.ts';

type PageModule = Record<string, unknown>;

/** A lazily loaded page: `file` exports the component `name`. */
function page(load: () => Promise<PageModule>, name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const m = await load();
      return { Component: m[name] as React.ComponentType };
    },
  };
}

/** A redirect that keeps the query string (/setting → /setting/basic?id=…). */
function to(path: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(path + new URL(request.url).search);
}

/** A design step: a failure shows inside the /setting frame (the step menu stays). */
const settingStep = (path: string, name: string, load: () => Promise<PageModule>): RouteObject => ({ path, ErrorBoundary: RouteErrorPage, ...page(load, name) });

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RouteErrorPage,
    loader: guardLoader,
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: () => redirect(ROUTES.login) },
      {
        ...page(() => import('../layouts/AuthLayout.tsx'), 'AuthLayout'),
        children: [
          { path: 'login', ...page(() => import('../pages/auth/LoginPage.tsx'), 'LoginPage') },
          { path: 'register', ...page(() => import('../pages/auth/RegisterPage.tsx'), 'RegisterPage') },
          { path: 'forgetPassword', ...page(() => import('../pages/auth/ForgetPasswordPage.tsx'), 'ForgetPasswordPage') },
          { path: 'editPassword', ...page(() => import('../pages/auth/EditPasswordPage.tsx'), 'EditPasswordPage') },
          { path: 'bindAccount', ...page(() => import('../pages/auth/BindAccountPage.tsx'), 'BindAccountPage') },
          { path: 'loadLogin', ...page(() => import('../pages/auth/LoadLoginPage.tsx'), 'LoadLoginPage') },
          { path: 'completeInfo', ...page(() => import('../pages/auth/CompleteInfoPage.tsx'), 'CompleteInfoPage') },
          { path: 'addInformation', ...page(() => import('../pages/auth/CompleteInfoPage.tsx'), 'CompleteInfoPage') },
          { path: 'mobile', ...page(() => import('../pages/misc/MobilePage.tsx'), 'MobilePage') },
          { path: 'pay', ...page(() => import('../pages/misc/PayPage.tsx'), 'PayPage') },
        ],
      },
      { path: 'shareReport', ...page(() => import('../pages/share/ShareReportPage.tsx'), 'ShareReportPage') },
      {
        path: 'home',
        ...page(() => import('../layouts/MainLayout.tsx'), 'MainLayout'),
        children: [
          { index: true, loader: to(ROUTES.homeList) },
          { path: 'list', ...page(() => import('../pages/home/ProjectListPage.tsx'), 'ProjectListPage') },
          { path: 'liteList', ...page(() => import('../pages/home/ProjectListPage.tsx'), 'ProjectListPage') },
          { path: 'aiomList', ...page(() => import('../pages/home/AiomListPage.tsx'), 'AiomListPage') },
          { path: 'shareProject', ...page(() => import('../pages/home/SharedProjectPage.tsx'), 'SharedProjectPage') },
          { path: 'compareProject', ...page(() => import('../pages/home/ComparePage.tsx'), 'ComparePage') },
          { path: 'mobile', ...page(() => import('../pages/misc/MobilePage.tsx'), 'MobilePage') },
          { path: 'saasPort', ...page(() => import('../pages/misc/SaasPortPage.tsx'), 'SaasPortPage') },
        ],
      },
      {
        path: 'user',
        ...page(() => import('../layouts/UserLayout.tsx'), 'UserLayout'),
        children: [
          { index: true, loader: to(ROUTES.userInfo) },
          { path: 'info', ...page(() => import('../pages/user/UserInfoPage.tsx'), 'UserInfoPage') },
          { path: 'message', ...page(() => import('../pages/user/UserMessagePage.tsx'), 'UserMessagePage') },
          { path: 'quota', ...page(() => import('../pages/user/UserQuotaPage.tsx'), 'UserQuotaPage') },
          { path: 'order', ...page(() => import('../pages/user/UserOrderPage.tsx'), 'UserOrderPage') },
          { path: 'equipment', ...page(() => import('../pages/user/UserEquipmentPage.tsx'), 'UserEquipmentPage') },
        ],
      },
      {
        path: 'setting',
        ...page(() => import('../layouts/SettingLayout.tsx'), 'SettingLayout'),
        children: [
          { index: true, loader: to('/setting/basic') },
          settingStep('basic', 'InformationStep', () => import('../pages/setting/InformationStep.tsx')),
          settingStep('load', 'LoadStep', () => import('../pages/setting/LoadStep.tsx')),
          settingStep('mode', 'BuildingStep', () => import('../pages/setting/BuildingStep.tsx')),
          settingStep('3dMode', 'BuildingStep', () => import('../pages/setting/BuildingStep.tsx')),
          settingStep('component', 'ComponentStep', () => import('../pages/setting/ComponentStep.tsx')),
          settingStep('electrical', 'ElectricalStep', () => import('../pages/setting/ElectricalStep.tsx')),
          settingStep('economics', 'EconomicsStep', () => import('../pages/setting/EconomicsStep.tsx')),
          settingStep('report3d', 'ReportStep', () => import('../pages/setting/ReportStep.tsx')),
        ],
      },
      {
        path: 'aiomSetting',
        ...page(() => import('../layouts/AiomLayout.tsx'), 'AiomLayout'),
        children: [
          { index: true, loader: to(ROUTES.aiomSummary) },
          { path: 'summary', ...page(() => import('../pages/aiom/SummaryPage.tsx'), 'SummaryPage') },
          { path: 'view', ...page(() => import('../pages/aiom/ViewPage.tsx'), 'ViewPage') },
          { path: 'patrol', ...page(() => import('../pages/aiom/PatrolPage.tsx'), 'PatrolPage') },
          { path: 'alarm', ...page(() => import('../pages/aiom/AlarmPage.tsx'), 'AlarmPage') },
          { path: 'statistics', ...page(() => import('../pages/aiom/StatisticsPage.tsx'), 'StatisticsPage') },
          { path: 'device', ...page(() => import('../pages/aiom/DevicePage.tsx'), 'DevicePage') },
          { path: 'configuration', ...page(() => import('../pages/aiom/ConfigurationPage.tsx'), 'ConfigurationPage') },
          { path: 'fly', ...page(() => import('../pages/aiom/FlyPage.tsx'), 'FlyPage') },
        ],
      },
      {
        path: 'enterprise',
        ...page(() => import('../layouts/EnterpriseLayout.tsx'), 'EnterpriseLayout'),
        children: [
          { index: true, loader: to(ROUTES.enterpriseHome) },
          { path: 'home', ...page(() => import('../pages/enterprise/EnterpriseHomePage.tsx'), 'EnterpriseHomePage') },
          { path: 'projectList', ...page(() => import('../pages/enterprise/EnterpriseProjectListPage.tsx'), 'EnterpriseProjectListPage') },
          { path: 'businessList', ...page(() => import('../pages/enterprise/BusinessListPage.tsx'), 'BusinessListPage') },
          { path: 'personList', ...page(() => import('../pages/enterprise/PersonListPage.tsx'), 'PersonListPage') },
          { path: 'deviceList', ...page(() => import('../pages/enterprise/DeviceListPage.tsx'), 'DeviceListPage') },
          { path: 'creditList', ...page(() => import('../pages/enterprise/CreditListPage.tsx'), 'CreditListPage') },
          { path: 'selectEnterprise', ...page(() => import('../pages/enterprise/SelectEnterprisePage.tsx'), 'SelectEnterprisePage') },
        ],
      },
      { path: '404', ...page(() => import('../pages/misc/NotFoundPage.tsx'), 'NotFoundPage') },
      { path: '*', loader: () => redirect(ROUTES.notFound) },
    ],
  },
];

