import dataConnectionUnit from "../assets/illustrations/data-connection-unit.svg";
import hardwareOverview from "../assets/illustrations/hardware-overview.svg";
import iconDataConnectionUnit from "../assets/illustrations/icon-data-connection-unit.svg";
import iconMeter from "../assets/illustrations/icon-meter.svg";
import iconRoutingModule from "../assets/illustrations/icon-routing-module.svg";
import routingModule from "../assets/illustrations/routing-module.svg";
import smartWaterMeter from "../assets/illustrations/smart-water-meter.svg";
import type { HeroContent, InfoBlockItem, InfoListContent } from "./types";

const hero: HeroContent = {
  label: "Our hardware",
  heading: "Quality hardware",
  subheading: "Meters, data connection units and routing modules that work as one system.",
  paragraph:
    "Every part of our metering network is built for reliable, secure readings, and our meters are locally designed and assembled. Here is what goes into an installation.",
  illustration: {
    src: hardwareOverview,
    alt: "A smart water meter, a data connection unit and a routing module linked together",
    width: 480,
    height: 360,
  },
};

const columnIcon = { alt: "", width: 64, height: 64 } as const;

const highlights: InfoListContent = {
  heading: "Three parts, one connected network",
  intro:
    "Water meters measure, routing modules carry their readings across a site, and the data connection unit passes them securely on to our software.",
  columns: [
    {
      icon: { ...columnIcon, src: iconMeter },
      heading: "Water meters",
      description:
        "Measure the flow at each property and transmit a reading per 100 litres, on a battery that lasts 5+ years.",
    },
    {
      icon: { ...columnIcon, src: iconRoutingModule },
      heading: "Routing modules",
      description:
        "Carry readings across an estate or a street. They run on a 220 V installation with a battery that lasts 12+ hours.",
    },
    {
      icon: { ...columnIcon, src: iconDataConnectionUnit },
      heading: "Data connection unit",
      description:
        "Sends readings on with 256-bit encryption, and keeps working for up to 12 hours on its battery.",
    },
  ],
};

const features: readonly InfoBlockItem[] = [
  {
    illustration: {
      src: dataConnectionUnit,
      alt: "The data connection unit: a box with an antenna, status lights and a padlock",
      width: 480,
      height: 360,
    },
    featureName: "Data connection unit",
    heading: "A secure link between your meters and our software",
    paragraph:
      "The data connection unit gathers the readings from your meters and passes them on to our software. Everything it sends is protected, and its battery keeps it running through a power cut.",
    bulletPoints: [
      "256-bit encryption on the data it sends",
      "Battery life of up to 12 hours",
      "Works with our water meters and routing modules",
    ],
  },
  {
    illustration: {
      src: smartWaterMeter,
      alt: "A smart water meter with a digital display, fitted to a water pipe",
      width: 480,
      height: 360,
    },
    featureName: "Water meters",
    heading: "Detailed readings, without reading a dial",
    paragraph:
      "Our smart water meters are locally designed and assembled. Each meter transmits a reading for every 100 litres that pass through it, giving an up-to-date picture of use without anyone having to visit the property.",
    bulletPoints: [
      "Transmits a reading per 100 litres",
      "Battery life of 5+ years",
      "Locally designed and assembled",
    ],
  },
  {
    illustration: {
      src: routingModule,
      alt: "A routing module with two antennas and a power plug, linked to other devices",
      width: 480,
      height: 360,
    },
    featureName: "Routing modules",
    heading: "Coverage across the whole site",
    paragraph:
      "Routing modules extend the network so that readings from every meter on an estate, a complex or a street reach the data connection unit.",
    bulletPoints: [
      "220 V installation",
      "Battery life of 12+ hours",
      "Extends the network to meters further away",
    ],
  },
];

export const hardwarePage = { hero, highlights, features } as const;
