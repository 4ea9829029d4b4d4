import {
  Building2, Calculator, Cloud, ClipboardCheck, Code, Factory, HardHat, HeartHandshake, KeyRound,
  LifeBuoy, Lightbulb, Mail, MapPin, MonitorSpeaker, Phone, Scale, Server, ShieldCheck, Stethoscope,
  Truck, Users, type LucideIcon,
} from "lucide-react";
import type { IconName } from "~/content/types";

const icons: Record<IconName, LucideIcon> = {
  server: Server, users: Users, lightbulb: Lightbulb, "shield-check": ShieldCheck,
  "clipboard-check": ClipboardCheck, cloud: Cloud, mail: Mail, phone: Phone, "key-round": KeyRound,
  "monitor-speaker": MonitorSpeaker, "life-buoy": LifeBuoy, code: Code, building: Building2,
  stethoscope: Stethoscope, scale: Scale, calculator: Calculator, factory: Factory, truck: Truck,
  "hard-hat": HardHat, "heart-handshake": HeartHandshake, "map-pin": MapPin,
};

/** A content icon by name; decorative (the text beside it carries the meaning). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" className={className} />;
}
