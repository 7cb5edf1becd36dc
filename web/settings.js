// The settings (.jgflint.json, kept in localStorage): their dialog, and the
// theme.
import { SettingsError } from './api.js';
import { $, jgflint, state } from './page.js';
import { lintNow } from './findings.js';

const SETTINGS_KEY = 'jgflint.settings';
export const THEME_KEY = 'jgflint.theme';

// -- settings ---------------------------------------------------------------------
export function loadSettings() {
  try {
    state.settingsText = localStorage.getItem(SETTINGS_KEY) || '';
  } catch (e) {
    state.settingsText = '';
  }
}
function saveSettings(text) {
  state.settingsText = text;
  try {
    if (text.trim()) localStorage.setItem(SETTINGS_KEY, text);
    else localStorage.removeItem(SETTINGS_KEY);
  } catch (e) {
    // Storage refused (private mode): the settings last for this visit.
  }
}
export const settings = () => (state.settingsText.trim() ? state.settingsText : null);

// Adds rule to the settings' ignore list.
export function ignoreRule(rule) {
  let obj;
  try {
    obj = state.settingsText.trim() ? JSON.parse(state.settingsText) : {};
  } catch (e) {
    obj = null;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj) || (obj.ignore !== undefined && !Array.isArray(obj.ignore))) {
    showSettings();
    $('settings-error').textContent = `Add "${rule}" to "ignore" here: the settings are not an object with an "ignore" list.`;
    return;
  }
  obj.ignore = [...new Set([...(obj.ignore || []), rule])];
  applySettings(JSON.stringify(obj, null, 2) + '\n');
}

// -- settings dialog ------------------------------------------------------------------
export function showSettings() {
  $('settings-text').value = state.settingsText || '{\n  "select": [],\n  "ignore": [],\n  "severity": {}\n}\n';
  $('settings-error').textContent = '';
  const table = $('rules-table');
  if (!table.rows.length && jgflint.rules) {
    for (const r of jgflint.rules()) {
      const tr = table.insertRow();
      tr.insertCell().textContent = r.id;
      tr.insertCell().textContent = r.category;
      tr.insertCell().textContent = r.severity;
      tr.insertCell().textContent = r.summary;
    }
  }
  $('settings-dialog').showModal();
}

// The problems of settings text, null when the library takes it.
function settingsProblem(text) {
  try {
    jgflint.lint('{}', 'settings-check.jgf', text.trim() ? text : null);
    return null;
  } catch (e) {
    if (e instanceof SettingsError) return e.message;
    throw e;
  }
}

// Settings text kept and every record linted with it; refused with its
// problems in the dialog.
function applySettings(text) {
  const problem = settingsProblem(text);
  if (problem) {
    if (!$('settings-dialog').open) showSettings();
    $('settings-text').value = text;
    $('settings-error').textContent = problem;
    return false;
  }
  saveSettings(text);
  for (const d of state.docs) d.resultBytes = null;
  lintNow();
  return true;
}

export function saveSettingsFromDialog() {
  if (applySettings($('settings-text').value)) $('settings-dialog').close();
}

// -- theme --------------------------------------------------------------------------------
export function applyTheme(t) {
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}
export function toggleTheme() {
  const dark = document.documentElement.dataset.theme
    ? document.documentElement.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  const t = dark ? 'light' : 'dark';
  applyTheme(t);
  try { localStorage.setItem(THEME_KEY, t); } catch (e) { /* not kept */ }
}
