import type { StatusCategory } from "../../platform/db/schema.js";
import type { Language } from "../../platform/i18n/languages.js";

// What every new workspace starts with. The roadmap shows what is being considered, planned, built
// and shipped: "Open" (where every new idea lands, untriaged) and "Closed" are off it. Each default
// status is named in every language the portal speaks; English is its name.

type Translations = Partial<Record<Language, string>>;

export const DEFAULT_STATUSES: {
  name: string;
  category: StatusCategory;
  color: string;
  isDefault?: boolean;
  onRoadmap: boolean;
  translations: Translations;
}[] = [
  {
    name: "Open",
    category: "open",
    color: "#64748b",
    isDefault: true,
    onRoadmap: false,
    translations: { de: "Offen", fr: "Ouvert", es: "Abierto", "pt-BR": "Aberto", ja: "オープン", ar: "مفتوح" },
  },
  {
    name: "Under review",
    category: "open",
    color: "#0ea5e9",
    onRoadmap: true,
    translations: { de: "In Prüfung", fr: "En cours d’examen", es: "En revisión", "pt-BR": "Em análise", ja: "検討中", ar: "قيد المراجعة" },
  },
  {
    name: "Planned",
    category: "active",
    color: "#8b5cf6",
    onRoadmap: true,
    translations: { de: "Geplant", fr: "Prévu", es: "Planificado", "pt-BR": "Planejado", ja: "計画済み", ar: "مخطط له" },
  },
  {
    name: "In progress",
    category: "active",
    color: "#f59e0b",
    onRoadmap: true,
    translations: { de: "In Arbeit", fr: "En cours", es: "En curso", "pt-BR": "Em andamento", ja: "進行中", ar: "قيد التنفيذ" },
  },
  {
    name: "Complete",
    category: "complete",
    color: "#22c55e",
    onRoadmap: true,
    translations: { de: "Erledigt", fr: "Terminé", es: "Completado", "pt-BR": "Concluído", ja: "完了", ar: "مكتمل" },
  },
  {
    name: "Closed",
    category: "closed",
    color: "#ef4444",
    onRoadmap: false,
    translations: { de: "Geschlossen", fr: "Fermé", es: "Cerrado", "pt-BR": "Fechado", ja: "クローズ", ar: "مغلق" },
  },
];

export const DEFAULT_BOARD = { slug: "feature-requests", name: "Feature requests", description: "Ideas for making the product better." };
