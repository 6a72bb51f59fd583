// What the page holds between requests: one `state` object, which every module reads and
// changes, and the page's constants.

export const PAGE = 100;

export const state = {
  home: null,          // GET /api/home
  searches: [],        // GET /api/searches: the sidebar's smart folders
  scope: { kind: 'all', value: '' }, // what the sidebar selected
  query: '',           // the search box
  notes: [],           // loaded rows of the list
  total: 0,
  loading: false,
  open: null,          // the note shown: GET /api/notes/PATH, or a new note's draft ({draft: true, folder})
  editing: false,
  dirty: false,        // the editor has text not saved yet
  saveTimer: null,
  editStart: null,     // the note's text when the editor was opened: leaving it, the file may follow the title (FollowTitle)
  createdHere: null,   // the path of the note this editor created: emptied before it is left, it goes
  pendingBase: null,   // {text, version}: what the next save merges from, when the editor moved on during a merged save
  renaming: null,      // the rename under way (a promise): saves wait for it
  listRequest: 0,      // only the latest list request may render
  select: { on: false, paths: new Set(), anchor: null, undo: null }, // select mode of the list
  tasks: { by: 'due', show: 'open', data: null, selected: new Set() }, // the Tasks view
};

/** How long typing pauses before an autosave; a test may lengthen it. */
export const AUTOSAVE_MS = Number(localStorage.getItem('vault.autosaveMs')) || 800;
