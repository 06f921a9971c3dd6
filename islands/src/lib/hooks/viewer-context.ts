import { createContext, useContext } from 'react';
import { SERVER_VIEWER, type ViewerState } from '../runtime/viewer-state.ts';

/**
 * What the island's markup shows of the viewer (see viewer-state.ts): the server's visitor,
 * unless the runtime drew the viewer's own state before hydrating.
 */
export const ViewerContext = createContext<ViewerState>(SERVER_VIEWER);

/** The viewer the markup shows: the snapshot hooks render this while hydrating. */
export function useMarkupViewer(): ViewerState {
  return useContext(ViewerContext);
}
