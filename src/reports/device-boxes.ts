// The size the deliverables draw an inverter and a combiner box with (the design holds their plan
// position only): a string inverter or combiner box on a wall or a frame, as the DXF plan's blocks
// and the glTF scene's boxes.

export interface DeviceBox {
  /** Plan width (x) [m]. */
  readonly w: number;
  /** Plan depth (y) [m]. */
  readonly h: number;
  /** Height of the glTF box [m]. */
  readonly height: number;
}

export const INVERTER_BOX: DeviceBox = { w: 0.8, h: 0.4, height: 0.6 };
export const COMBINER_BOX: DeviceBox = { w: 0.6, h: 0.3, height: 0.5 };
/** The grid connection point: a post of this plan size and height [m]. */
export const GRID_POST: DeviceBox = { w: 0.3, h: 0.3, height: 1.5 };
