export { SidePanel, SidePanelTrigger, type SidePanelProps } from './SidePanel';
