import consumptionInsights from "../assets/illustrations/consumption-insights.svg";
import iconLeak from "../assets/illustrations/icon-leak.svg";
import iconMachineLearning from "../assets/illustrations/icon-machine-learning.svg";
import iconNotification from "../assets/illustrations/icon-notification.svg";
import iconValve from "../assets/illustrations/icon-valve.svg";
import phoneApp from "../assets/illustrations/phone-app.svg";
import realTimeControl from "../assets/illustrations/real-time-control.svg";
import smartWaterMeter from "../assets/illustrations/smart-water-meter.svg";
import utilityDashboard from "../assets/illustrations/utility-dashboard.svg";
import type { HeroContent, InfoBlockItem, InfoListContent } from "./types";

const hero: HeroContent = {
  label: "Smart water metering, made in South Africa",
  heading: "Real time control of your water",
  subheading: "See every litre, catch leaks early and act from your phone.",
  paragraph:
    "Our smart water meters and software give households, estates, body corporates and municipal utilities real-time reports on their water use, and the tools to act the moment something goes wrong.",
  illustration: {
    src: realTimeControl,
    alt: "A smart water meter on a pipe, sending its readings to a phone app",
    width: 400,
    height: 400,
  },
};

const columnIcon = { alt: "", width: 64, height: 64 } as const;

const highlights: InfoListContent = {
  heading: "Everything you need to stop water going to waste",
  intro:
    "A meter on its own only counts. Ours are part of a connected system that watches your water around the clock and helps you act on what it finds.",
  columns: [
    {
      icon: { ...columnIcon, src: iconLeak },
      heading: "Leak detection",
      description:
        "The system watches for the flow patterns a leak leaves behind and alerts you, so a burst pipe or a running toilet is found long before the bill arrives.",
    },
    {
      icon: { ...columnIcon, src: iconValve },
      heading: "Remote valve management",
      description:
        "Shut off or restore the water supply from the smartphone app, wherever you are: useful when a pipe bursts while nobody is home.",
    },
    {
      icon: { ...columnIcon, src: iconNotification },
      heading: "Service provider notifications",
      description:
        "Have third-party service providers such as your plumber notified when a problem is found, so help is on its way sooner.",
    },
    {
      icon: { ...columnIcon, src: iconMachineLearning },
      heading: "Machine-learning models",
      description:
        "Machine-learning models learn how your property uses water and turn the readings into consumption reports you can act on.",
    },
  ],
};

const features: readonly InfoBlockItem[] = [
  {
    illustration: {
      src: smartWaterMeter,
      alt: "A smart water meter with a digital display, fitted to a water pipe",
      width: 480,
      height: 360,
    },
    featureName: "Smart water meters",
    heading: "Locally designed and assembled",
    paragraph:
      "Our meters are designed and assembled here in South Africa. Each one measures the water flowing through it and sends its readings over our network, so you no longer rely on estimates or a monthly visit to read the dial.",
  },
  {
    illustration: {
      src: phoneApp,
      alt: "The smartphone app showing water use, a valve switch and a leak alert",
      width: 480,
      height: 360,
    },
    featureName: "Smartphone app",
    heading: "Leak alerts and valve control in your pocket",
    paragraph:
      "The app brings your meter to your phone. It shows your water use as it happens and tells you as soon as it detects a possible leak, so you can act before water and money are lost.",
    bulletPoints: [
      "Real-time reports on your water use",
      "Leak detection alerts",
      "Remote valve control to shut off the supply from anywhere",
      "Notifications to third-party plumbers and other service providers",
    ],
  },
  {
    illustration: {
      src: consumptionInsights,
      alt: "A consumption chart with a forecast line drawn by a machine-learning model",
      width: 480,
      height: 360,
    },
    featureName: "Machine learning",
    heading: "Consumption reports that learn your patterns",
    paragraph:
      "Machine-learning models build a picture of your normal consumption from your meter's readings. Your reports then show how your use changes over time and make unusual use easier to spot.",
  },
  {
    illustration: {
      src: utilityDashboard,
      alt: "The device management centre on a monitor, with a chart, a map and a device list",
      width: 480,
      height: 360,
    },
    featureName: "For utilities",
    heading: "Every meter on the network in one place",
    paragraph:
      "Municipal utilities manage their meters from a central device management centre, with real-time reports across the whole network.",
  },
];

export const homePage = { hero, highlights, features } as const;
