/** `/settings` — your API tokens; agent providers for editors; for an admin also users and their roles, and secrets. */
import { SettingsView } from "@/components/settings/settings-view";

export default function SettingsPage() {
  return <SettingsView />;
}
