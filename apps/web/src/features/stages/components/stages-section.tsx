/** The /vps page's section of stages: the stage list (the page may render `StageList` itself instead). */
export { StageList as StagesSection } from './stage-list.tsx';
