import iconClientApp from "../assets/illustrations/icon-client-app.svg";
import iconDeviceManagement from "../assets/illustrations/icon-device-management.svg";
import iconWorkflow from "../assets/illustrations/icon-workflow.svg";
import phoneApp from "../assets/illustrations/phone-app.svg";
import softwareOverview from "../assets/illustrations/software-overview.svg";
import utilityDashboard from "../assets/illustrations/utility-dashboard.svg";
import workflowApp from "../assets/illustrations/workflow-app.svg";
import type { HeroContent, InfoBlockItem, InfoListContent } from "./types";

const hero: HeroContent = {
  label: "Our software",
  heading: "High-performing software",
  subheading: "From the household app to the utility control room.",
  paragraph:
    "Our software turns meter readings into information people can use: a client application for the people who use the water, a device management centre for the utilities that run the network, and a workflow tracking app to keep work on track.",
  illustration: {
    src: softwareOverview,
    alt: "The device management centre on a monitor beside the client application on a phone",
    width: 480,
    height: 360,
  },
};

const columnIcon = { alt: "", width: 64, height: 64 } as const;

const highlights: InfoListContent = {
  heading: "Software for every part of the water network",
  intro:
    "Each application is made for the people who use it, and all of them work from the same meter readings.",
  columns: [
    {
      icon: { ...columnIcon, src: iconClientApp },
      heading: "Client application",
      description:
        "Real-time reports, leak alerts, valve control and prepaid tokens for households and property owners.",
    },
    {
      icon: { ...columnIcon, src: iconDeviceManagement },
      heading: "Device management centre",
      description: "A central view of every meter and device on the network, for utilities.",
    },
    {
      icon: { ...columnIcon, src: iconWorkflow },
      heading: "Workflow tracking app",
      description: "Follow each task from the moment it is raised until it is done.",
    },
  ],
};

const features: readonly InfoBlockItem[] = [
  {
    illustration: {
      src: phoneApp,
      alt: "The client application on a phone, showing water use, a valve switch and a leak alert",
      width: 480,
      height: 360,
    },
    featureName: "Client application",
    heading: "Your water, in the palm of your hand",
    paragraph:
      "The client application is where households and property owners see and control their water, from anywhere.",
    bulletPoints: [
      "Real-time reports on water use",
      "Leak alerts as soon as a possible leak is detected",
      "Valve control to shut off or restore the supply remotely",
      "Notifications to your plumber or another third-party service provider",
      "Machine-learning consumption reports",
      "Prepaid token purchase by card payment or direct bank transfer",
    ],
  },
  {
    illustration: {
      src: utilityDashboard,
      alt: "The device management centre on a monitor, with a chart, a map and a device list",
      width: 480,
      height: 360,
    },
    featureName: "Device management centre",
    heading: "One centre for every device on the network",
    paragraph:
      "Utilities manage their whole network from a central device management centre: meters, data connection units and routing modules, all in one place.",
    bulletPoints: [
      "See the status of every meter, data connection unit and routing module",
      "Real-time reports across the whole network",
      "One place to manage the devices at every site you serve",
    ],
  },
  {
    illustration: {
      src: workflowApp,
      alt: "The workflow tracking app on a tablet, with tasks in columns and one marked done",
      width: 480,
      height: 360,
    },
    featureName: "Workflow tracking app",
    heading: "Keep every job moving",
    paragraph:
      "The workflow tracking app follows each task from the moment it is raised until it is done, so everyone can see what is waiting, what is in progress and what is finished.",
  },
];

export const softwarePage = { hero, highlights, features } as const;
