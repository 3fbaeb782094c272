export type InsightsReport = {
  from: string;
  to: string; // YYYY-MM-DD, inclusive, UTC days
  pageviews: number;
  visitors: number;
  visits: number;
  enquiries: number;
  pages: { path: string; pageviews: number; visitors: number; visits: number; enquiries: number }[]; // by entry page for visits/enquiries
  sources: { source: string; visits: number; enquiries: number }[]; // referrer host, utm_source, "direct"
  campaigns: { campaign: string; visits: number; enquiries: number }[];
  devices: { device: "phone" | "tablet" | "desktop"; pageviews: number; visitors: number }[];
  days: { date: string; pageviews: number; visitors: number; visits: number; enquiries: number }[]; // every day in range, zeros included
};
