import { readFileSync } from "node:fs";
// Lighthouse's own trace model: the same tasks, nesting and self times its
// mainthread-work-breakdown audit sums, so our split adds up to its figures.
import { MainThreadTasks } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";

/** What the page's main thread did, split finer than Lighthouse's groups. */
export const breakdownParts = [
  "document start",
  "parse HTML",
  "style",
  "layout",
  "paint",
  "SVG image documents",
  "script",
  "other",
] as const;
export type BreakdownPart = (typeof breakdownParts)[number];

const partOfEvent: Record<string, BreakdownPart> = {};
const name = (part: BreakdownPart, events: string[]) => {
  for (const event of events) partOfEvent[event] = part;
};
// The document's commit, its window and script context: what any page costs, the bare one too.
name("document start", [
  "DocumentLoader::CommitNavigation",
  "DocumentLoader::CreateParserPostCommit",
  "DocumentLoader::DocumentLoader",
  "DocumentLoader::InitializeWindow",
  "DocumentLoader::StartLoadingResponse",
  "DocumentLoader::FinishedLoading",
  "DocumentLoader::RecordUseCountersForCommit",
  "LocalWindowProxy::Initialize",
  "LocalWindowProxy::CreateContext",
  "LocalWindowProxy::UpdateDocumentProperty",
  "LocalWindowProxy::SetupWindowPrototypeChain",
  "V8.DeserializeContext",
  "ContextCreatedNotification",
  "InstallConditionalFeatures",
  "ScriptCatchup",
]);
name("parse HTML", [
  "ParseHTML",
  "DecodedDataDocumentParser::AppendBytes",
  "HTMLDocumentParser::MaybeFetchQueuedPreloads",
]);
name("style", ["UpdateLayoutTree", "ScheduleStyleRecalculation", "ParseAuthorStyleSheet"]);
name("layout", ["Layout", "InvalidateLayout"]);
name("paint", [
  "Paint",
  "PrePaint",
  "PaintImage",
  "Layerize",
  "Commit",
  "UpdateLayer",
  "UpdateLayerTree",
  "CompositeLayers",
  "HitTest",
  "Decode Image",
  "ImageDecodeTask",
]);
name("script", [
  "EvaluateScript",
  "FunctionCall",
  "RunMicrotasks",
  "TimerFire",
  "v8.compile",
  "v8.run",
  "v8.callFunction",
  "v8.newInstance",
]);

type TaskNode = {
  event: { name: string; args?: { beginData?: { frame?: string } } };
  children: TaskNode[];
  parent?: TaskNode;
  startTime: number;
  selfTime: number;
};

function* subtree(task: TaskNode): Generator<TaskNode> {
  yield task;
  for (const child of task.children) yield* subtree(child);
}

/**
 * Milliseconds of main-thread work per part, from a Lighthouse run's saved trace, scaled by the run's CPU slowdown as Lighthouse scales its
 * own breakdown. An <img> of SVG gets a document of its own (parsed, styled, laid out and painted
 * apart from the page's), whose tasks parse HTML in a frame that is not the page's: all of such
 * a task counts as "SVG image documents".
 */
export function mainThreadBreakdown(
  tracePath: string,
  cpuSlowdown: number,
): Record<BreakdownPart, number> {
  const trace = JSON.parse(readFileSync(tracePath, "utf8"));
  const processed = TraceProcessor.processTrace(trace);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as TaskNode[];
  const pageFrame = processed.mainFrameInfo.frameId;
  const totals = Object.fromEntries(breakdownParts.map((part) => [part, 0])) as Record<
    BreakdownPart,
    number
  >;
  for (const task of tasks) {
    if (task.parent) continue;
    const nodes = [...subtree(task)];
    const frames = nodes
      .filter((node) => node.event.name === "ParseHTML")
      .map((node) => node.event.args?.beginData?.frame);
    const imageDocument = frames.length > 0 && frames.every((frame) => frame !== pageFrame);
    for (const node of nodes) {
      const part = imageDocument
        ? "SVG image documents"
        : (partOfEvent[node.event.name] ?? "other");
      totals[part] += node.selfTime * cpuSlowdown;
    }
  }
  return totals;
}
