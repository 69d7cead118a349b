export {
  SidePanel,
  SidePanelTrigger,
  StaticSidePanel,
  type SidePanelProps,
  type StaticSidePanelProps,
} from './SidePanel';
