// The look of the app (spec 000 §9): theme colour #436CF5, side menus 208 px wide and 75 px when
// collapsed, sidebars collapse at a window width of 1000 px or less.
import type { ThemeConfig } from 'antd';

export const THEME_COLOUR = '#436CF5';
/** Side menu width [px] and its collapsed minimum [px]. */
export const MENU_WIDTH = 208;
export const MENU_COLLAPSED_WIDTH = 75;
/** Sidebars collapse at this window width or less [px]. */
export const COLLAPSE_AT_WIDTH = 1000;
/** Loading overlay closes this long after its flag clears [ms]. */
export const LOADING_CLOSE_DELAY_MS = 100;

export const theme: ThemeConfig = {
  token: { colorPrimary: THEME_COLOUR, borderRadius: 6 },
  components: { Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px' } },
};

/** Whether a sidebar is collapsed at this window width [px]. */
export function sidebarCollapsed(windowWidth: number): boolean {
  return windowWidth <= COLLAPSE_AT_WIDTH;
}
