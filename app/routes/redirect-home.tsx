import { Navigate } from "react-router";

// Any path we do not know goes home (spec, section 2). The server answers such paths with a
// 302 itself; this covers client-side navigation and static hosts that serve the SPA fallback.
export default function RedirectHome() {
  return <Navigate to="/" replace />;
}
