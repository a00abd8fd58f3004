// The shell's measures, sized for a 1366×768 monitor: a compact top bar and a narrow sidebar.
export const HEADER_HEIGHT = 48;
export const NAVBAR_WIDTH = 220;
