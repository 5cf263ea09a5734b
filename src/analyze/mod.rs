//! Stage 2: syntax tree to `Puzzle`. Resolves names, expands sets to cells, reads grid blocks
//! with the grid size and value set in hand, and reports every semantic mistake it finds (not
//! only the first), each with the span of the offending text.

mod expr;
mod path;

pub use expr::{FUNCTIONS, MAX_MAGNITUDE};

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::ast::*;
use crate::diagnostic::{Diagnostic, ErrorKind, Origin, Span};
use crate::puzzle::{Area, Cell, Formulation, ParamKind, Puzzle, Relation, Rule, RuleKind};

/// Largest grid side and largest value set: far beyond any puzzle, small enough that a model
/// cannot ask for more memory than a workstation has.
const MAX_SIDE: u64 = 256;
const MAX_VALUES: u64 = 256;
const MAX_VALUE: u64 = 1000;

/// Built-in set names, for "did you mean" suggestions.
const BUILTIN_SETS: &[&str] = &[
    "cells",
    "rows",
    "columns",
    "boxes",
    "diagonals",
    "diagonal",
    "antidiagonal",
    "disjoint",
];

/// Whether `name` is a built-in set or relation (`rows`, `king`), for the help of a model
/// that defines it again.
pub(crate) fn is_builtin_name(name: &str) -> bool {
    BUILTIN_SETS.contains(&name) || expr::builtin_relations().iter().any(|r| r.name == name)
}

/// Analyze a parsed model. `givens_override` replaces the model's givens with a one-line
/// puzzle (the `--givens` option); its mistakes are reported against that text.
pub fn analyze(model: &Model, givens_override: Option<&str>) -> Result<Puzzle, Vec<Diagnostic>> {
    analyze_with(model, givens_override, true)
}

/// `analyze`, with the standard library's rules callable only when `library` is true (a model
/// that names none of them need not pay for parsing it; see `library::mentioned_in`).
pub fn analyze_with(
    model: &Model,
    givens_override: Option<&str>,
    library: bool,
) -> Result<Puzzle, Vec<Diagnostic>> {
    let mut a = Analyzer {
        diags: Vec::new(),
        searches: expr::Searches::default(),
        library,
    };
    let result = a.run(model, givens_override);
    if a.diags.is_empty() {
        Ok(result.expect("no diagnostics means the puzzle was built"))
    } else {
        Err(a.diags)
    }
}

struct Analyzer {
    diags: Vec<Diagnostic>,
    /// The standard library's rules are callable.
    library: bool,
    /// "Did you mean" searches made so far, by kind.
    searches: expr::Searches,
}

/// A given as read, with where it was written (for conflict messages).
#[derive(Clone, Copy)]
struct Given {
    value: i64,
    span: Span,
    origin: Origin,
}

impl Analyzer {
    fn error(&mut self, span: Span, kind: ErrorKind) {
        self.diags.push(Diagnostic::new(span, kind));
    }

    /// Whether any of these sizes was too large for 64 bits (the parser saturates rather
    /// than fail), each such one a mistake at its place: a message that quoted the clamped
    /// number (`a 18446744073709551615x9 grid`) named a size nobody wrote.
    fn saturated(&mut self, numbers: &[&Spanned<u64>]) -> bool {
        let mut any = false;
        for n in numbers.iter().filter(|n| n.value == u64::MAX) {
            self.error(n.span, ErrorKind::ValueTooLarge);
            any = true;
        }
        any
    }

    fn run(&mut self, model: &Model, givens_override: Option<&str>) -> Option<Puzzle> {
        // Pass 1: the header statements, each at most once.
        let mut seen: BTreeMap<&'static str, Span> = BTreeMap::new();
        let mut name = None;
        let mut grid = None;
        let mut boxes_decl: Option<&BoxShape> = None;
        let mut values = None;
        let mut givens = None;
        let mut marks_block = None;
        let mut encoding: Option<&Spanned<String>> = None;
        for st in &model.statements {
            let what = match &st.kind {
                StatementKind::Puzzle(n) => {
                    name.get_or_insert(n);
                    "puzzle"
                }
                StatementKind::Grid { rows, cols, boxes } => {
                    grid.get_or_insert((rows, cols, st.span));
                    if let Some(b) = boxes {
                        self.once(&mut seen, "boxes", st.span);
                        boxes_decl.get_or_insert(b);
                    }
                    "grid"
                }
                StatementKind::Boxes(b) => {
                    boxes_decl.get_or_insert(b);
                    "boxes"
                }
                StatementKind::Values { lo, hi } => {
                    values.get_or_insert((lo, hi));
                    "values"
                }
                StatementKind::Givens(g) => {
                    givens.get_or_insert(g);
                    "givens"
                }
                StatementKind::Marks(b) => {
                    marks_block.get_or_insert(b);
                    "marks"
                }
                StatementKind::Encoding(e) => {
                    encoding.get_or_insert(e);
                    "encoding"
                }
                _ => continue,
            };
            self.once(&mut seen, what, st.span);
        }

        let Some((rows, cols, grid_span)) = grid else {
            let first = model.statements.first().map_or(Span::default(), |s| s.span);
            self.error(Span::new(first.start, first.start), ErrorKind::MissingGrid);
            if let Some(BoxShape::Dims { span, .. }) = boxes_decl {
                self.error(*span, ErrorKind::BoxesWithoutGrid);
            }
            return None;
        };
        if self.saturated(&[rows, cols]) {
            return None;
        }
        if rows.value == 0 || cols.value == 0 {
            self.error(grid_span, ErrorKind::GridTooSmall);
            return None;
        }
        if rows.value > MAX_SIDE || cols.value > MAX_SIDE {
            self.error(
                grid_span,
                ErrorKind::GridTooLarge {
                    rows: rows.value,
                    cols: cols.value,
                },
            );
            return None;
        }
        let (nr, nc) = (rows.value as usize, cols.value as usize);

        let boxes = match boxes_decl {
            None | Some(BoxShape::None(_)) => None,
            Some(BoxShape::Dims {
                rows: br,
                cols: bc,
                span,
            }) => {
                if self.saturated(&[br, bc]) {
                    None
                } else if br.value == 0
                    || bc.value == 0
                    || !(nr as u64).is_multiple_of(br.value)
                    || !(nc as u64).is_multiple_of(bc.value)
                {
                    self.error(
                        *span,
                        ErrorKind::BoxesDontTile {
                            rows: nr,
                            cols: nc,
                            box_rows: br.value,
                            box_cols: bc.value,
                        },
                    );
                    None
                } else {
                    Some((br.value as usize, bc.value as usize))
                }
            }
        };

        let (lo, hi) = match values {
            None => (1, nr.max(nc) as i64),
            Some((lo, hi)) => {
                let span = Span::new(lo.span.start, hi.span.end);
                if self.saturated(&[lo, hi]) {
                    return None;
                }
                if lo.value > hi.value {
                    self.error(
                        span,
                        ErrorKind::EmptyValueRange {
                            lo: lo.value,
                            hi: hi.value,
                        },
                    );
                    return None;
                }
                if hi.value > MAX_VALUE || hi.value - lo.value + 1 > MAX_VALUES {
                    self.error(
                        span,
                        ErrorKind::ValueRangeTooLarge {
                            lo: lo.value,
                            hi: hi.value,
                        },
                    );
                    return None;
                }
                (lo.value as i64, hi.value as i64)
            }
        };

        let shape = Shape {
            rows: nr,
            cols: nc,
            lo,
            hi,
        };
        let given_cells: Option<Vec<Option<Given>>> = match (givens_override, givens) {
            (Some(line), _) => {
                let before = self.diags.len();
                let g = self.one_line(&shape, line, Span::new(0, line.len()), Origin::GivensArg);
                for d in &mut self.diags[before..] {
                    d.origin = Origin::GivensArg;
                }
                g
            }
            (None, Some(GridData::Line(s))) => {
                // The string's span includes its quotes; cell offsets start after the first.
                self.one_line(
                    &shape,
                    &s.value,
                    Span::new(s.span.start + 1, s.span.end - 1),
                    Origin::Model,
                )
            }
            (None, Some(GridData::Block(b))) => self.givens_block(&shape, b),
            (None, None) => Some(vec![None; nr * nc]),
        };

        // Pass 2: names. Built-in sets, region maps and areas share one namespace.
        let mut sets: BTreeMap<String, (Vec<Area>, Option<Span>)> = BTreeMap::new();
        for s in BUILTIN_SETS {
            if let Some(areas) = builtin(s, nr, nc, boxes) {
                sets.insert(s.to_string(), (areas, None));
            }
        }
        sets.insert(
            "cols".into(),
            (builtin("columns", nr, nc, boxes).unwrap(), None),
        );
        // Which cells the area being read already lists: one flag a cell, cleared after each
        // area, so a repeated cell is found in constant time however long the area is.
        let mut listed = vec![false; nr * nc];
        for st in &model.statements {
            match &st.kind {
                StatementKind::Regions { name, map } => {
                    let areas = self.region_map(&shape, map);
                    let (n, span) = name.as_ref().map_or(("regions".to_string(), st.span), |n| {
                        (n.value.clone(), n.span)
                    });
                    self.define(&mut sets, n, span, areas.unwrap_or_default());
                }
                StatementKind::Area { name, cells } => {
                    let mut list = Vec::new();
                    for item in cells {
                        let Some(expanded) =
                            path::expand_at_most(item, nr, nc, &mut self.diags, nr * nc)
                        else {
                            continue;
                        };
                        // One mistake an item, for its first repeated cell: a path that
                        // runs over cells listed before repeats hundreds of them, and
                        // `r1c1-r256c256-` written 10,000 times once made 5 million mistakes
                        // (2 GB) out of 140 KB.
                        let mut reported = false;
                        for cell in expanded {
                            if listed[cell] {
                                if !reported {
                                    let (row, col) = (cell / nc + 1, cell % nc + 1);
                                    self.error(
                                        item.span,
                                        ErrorKind::DuplicateCell {
                                            cell: format!("r{row}c{col}"),
                                        },
                                    );
                                    reported = true;
                                }
                                continue;
                            }
                            listed[cell] = true;
                            list.push(cell);
                        }
                    }
                    for &c in &list {
                        listed[c] = false;
                    }
                    let area = Area {
                        name: name.value.clone(),
                        label: format!("area {}", name.value),
                        cells: list,
                    };
                    self.define(&mut sets, name.value.clone(), name.span, vec![area]);
                }
                _ => {}
            }
        }

        // Relations: the built-in stencils, then the model's own.
        let mut relations = expr::builtin_relations();
        let stencils = relations.len();
        // A relation by name. A stencil's name is taken, as `rows` is for areas: the
        // library's rules (`anti_king`, `minimum`, ...) say `king` and `orthogonal`, and a
        // model's own `relation king = ...` would change what they mean.
        let mut by_name: HashMap<String, usize> = relations
            .iter()
            .enumerate()
            .map(|(i, r)| (r.name.clone(), i))
            .collect();
        let mut defined: HashSet<String> = HashSet::new();
        for st in &model.statements {
            let StatementKind::Relation { name, def } = &st.kind else {
                continue;
            };
            let offsets = match def {
                RelationDef::Named(n) => match by_name.get(&n.value) {
                    Some(&r) => relations[r].offsets.clone(),
                    None => {
                        self.error(
                            n.span,
                            ErrorKind::UnknownRelation {
                                name: n.value.clone(),
                            },
                        );
                        continue;
                    }
                },
                RelationDef::Offsets(list) => {
                    // Neighbours are symmetric: (1, 2) also means (-1, -2).
                    let mut o: Vec<(i64, i64)> = list
                        .iter()
                        .flat_map(|s| [s.value, (-s.value.0, -s.value.1)])
                        .filter(|&d| d != (0, 0))
                        .collect();
                    o.sort_unstable();
                    o.dedup();
                    o
                }
            };
            let stencil = relations[..stencils].iter().any(|r| r.name == name.value);
            if stencil || sets.contains_key(&name.value) || !defined.insert(name.value.clone()) {
                self.error(
                    name.span,
                    ErrorKind::DuplicateName {
                        name: name.value.clone(),
                    },
                );
                continue;
            }
            by_name.entry(name.value.clone()).or_insert(relations.len());
            relations.push(Relation {
                name: name.value.clone(),
                offsets,
            });
        }
        // Every relation's name is its own (a second one of a name was refused above).
        let relation_ids: HashMap<&str, usize> = relations
            .iter()
            .enumerate()
            .map(|(i, r)| (r.name.as_str(), i))
            .collect();

        // Marks: one token of mark symbols per cell.
        let marks = match marks_block {
            Some(b) => self.marks_block(&shape, b),
            None => Some(vec![String::new(); nr * nc]),
        };
        let mark_symbols: Option<BTreeSet<char>> = marks_block
            .and(marks.as_ref())
            .map(|m| m.iter().flat_map(|s| s.chars()).collect());

        let integer_cells = match encoding {
            None => false,
            Some(e) if e.value == "onehot" => false,
            Some(e) if e.value == "integer" => true,
            Some(e) => {
                self.error(
                    e.span,
                    ErrorKind::UnknownEncoding {
                        name: e.value.clone(),
                    },
                );
                false
            }
        };

        // Pass 3: rules, with the rules they may call: the standard library's, then the
        // model's own definitions.
        let defs = self.definitions(model);
        let clues = two_cell_clues(model, &defs, nr, nc);
        let mut rules = Vec::new();
        // How many rule statements come before this one (a call may make two rules).
        let mut statements = 0;
        // Per defined rule, how many unnamed calls of it came before (`cage3`).
        let mut calls: HashMap<&str, usize> = HashMap::new();
        // What the model's rules may still be made of (`expr::MAX_MODEL_NODES`).
        let mut model_nodes_left = expr::MAX_MODEL_NODES;
        let mut model_refused = false;
        let mut rule_names: BTreeMap<String, Span> = BTreeMap::new();
        // The names the model gives its rules, which unnamed algebra rules' `ruleN` skip.
        let given_names: HashSet<&str> = model
            .statements
            .iter()
            .filter_map(|s| match &s.kind {
                StatementKind::Rule { name: Some(n), .. } => Some(n.value.as_str()),
                _ => None,
            })
            .collect();
        for st in &model.statements {
            let StatementKind::Rule {
                name,
                formulation,
                body,
            } = &st.kind
            else {
                continue;
            };
            // An unnamed rule is called after its sets, or numbered when it is algebra.
            let rule_name = match (name, body) {
                (Some(n), _) => n.value.clone(),
                (None, RuleBody::Distinct(refs)) => once_each(refs)
                    .iter()
                    .map(|r| r.value.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                (
                    None,
                    RuleBody::Expr(Expr {
                        kind: ExprKind::Call(f, _),
                        ..
                    }),
                ) if defs.map.contains_key(&f.value)
                    && !expr::FUNCTIONS.contains(&f.value.as_str()) =>
                {
                    // `cage1`, `cage2`, ...: the calls of one defined rule, numbered.
                    let k = calls.entry(f.value.as_str()).or_insert(0);
                    loop {
                        *k += 1;
                        // `f59` then `f59_1`, not `f591`.
                        let sep = if f.value.ends_with(|c: char| c.is_ascii_digit()) {
                            "_"
                        } else {
                            ""
                        };
                        let candidate = format!("{}{sep}{k}", f.value);
                        if !given_names.contains(candidate.as_str()) {
                            break candidate;
                        }
                    }
                }
                (None, RuleBody::Expr(_)) => {
                    // `ruleN`, N its position, skipping names the model gives its own rules.
                    let mut k = statements + 1;
                    while given_names.contains(format!("rule{k}").as_str()) {
                        k += 1;
                    }
                    format!("rule{k}")
                }
            };
            statements += 1;
            let formulation = match formulation.as_ref().map(|f| f.value.as_str()) {
                None | Some("table") => Formulation::Auto,
                Some("pairs") => Formulation::Pairs,
                Some("bigm") => Formulation::BigM,
                Some(other) => {
                    let f = formulation.as_ref().unwrap();
                    self.error(
                        f.span,
                        ErrorKind::UnknownFormulation {
                            name: other.to_string(),
                        },
                    );
                    Formulation::Auto
                }
            };
            if let Some(n) = name {
                if let Some(first) = rule_names.get(&n.value) {
                    self.diags.push(
                        Diagnostic::new(
                            n.span,
                            ErrorKind::DuplicateName {
                                name: n.value.clone(),
                            },
                        )
                        .with_related(*first, "first defined here"),
                    );
                } else {
                    rule_names.insert(n.value.clone(), n.span);
                }
            }
            let refs = match body {
                // A set listed twice in one rule is the same rule as the set listed once.
                RuleBody::Distinct(refs) => once_each(refs),
                // Past the model's bound (said once, at the rule that passed it), the rules
                // left are not checked: each would only say so again.
                RuleBody::Expr(_) if model_refused => continue,
                RuleBody::Expr(e) => {
                    let mut ctx = expr::Ctx::new(
                        nr,
                        nc,
                        lo,
                        hi,
                        &sets,
                        &relations,
                        &relation_ids,
                        mark_symbols.clone(),
                        &mut self.diags,
                        &mut self.searches,
                        boxes,
                        &defs,
                        &clues,
                    );
                    ctx.allow(model_nodes_left);
                    let given = ctx.nodes_left;
                    let checked = ctx.rule(e);
                    model_nodes_left -= given - ctx.nodes_left;
                    model_refused = ctx.model_refused;
                    if let Some((expr, vars)) = checked {
                        let family = ctx.family.take();
                        let named = name.is_some() || family.is_some();
                        // `distinct(L)` among the rule's conjuncts is a distinct rule of its
                        // own, so every backend gets its tightest form (one row per value).
                        // Not where the rule asks for a formulation of its own (`(pairs)`).
                        let (expr, distinct) = if formulation == Formulation::Auto {
                            split_distinct(expr)
                        } else {
                            (expr, Vec::new())
                        };
                        if let Some(big) = distinct.iter().find(|d| d.len() > shape.value_count()) {
                            self.error(
                                e.span,
                                ErrorKind::AreaTooLarge {
                                    rule: rule_name.clone(),
                                    area: "its list of distinct cells".to_string(),
                                    cells: big.len(),
                                    values: shape.value_count(),
                                },
                            );
                            continue;
                        }
                        if !distinct.is_empty() {
                            let areas = distinct
                                .into_iter()
                                .enumerate()
                                .map(|(i, cells)| Area {
                                    // Rows `cage3_distinct_7`: the rule's name, then this.
                                    name: if i == 0 {
                                        "distinct".to_string()
                                    } else {
                                        format!("distinct{}", i + 1)
                                    },
                                    label: format!("the cells of {rule_name}"),
                                    cells,
                                })
                                .collect();
                            rules.push(Rule {
                                name: rule_name.clone(),
                                named,
                                span: st.span,
                                kind: RuleKind::Distinct(areas),
                                family: family.clone(),
                            });
                        }
                        if rules.last().is_none_or(|r: &Rule| r.span != st.span)
                            || expr != crate::puzzle::Expr::Bool(true)
                        {
                            let kind = RuleKind::Expr {
                                expr,
                                vars,
                                formulation,
                            };
                            rules.push(Rule {
                                name: rule_name,
                                named,
                                span: st.span,
                                kind,
                                family,
                            });
                        }
                    }
                    continue;
                }
            };
            let mut areas = Vec::new();
            for r in refs {
                match sets.get(&r.value) {
                    Some((list, _)) => {
                        // One message per set: every row of a grid is too large at once.
                        let too_large = list.iter().find(|a| a.cells.len() > shape.value_count());
                        if let Some(area) = too_large {
                            self.error(
                                r.span,
                                ErrorKind::AreaTooLarge {
                                    rule: rule_name.clone(),
                                    area: area.label.clone(),
                                    cells: area.cells.len(),
                                    values: shape.value_count(),
                                },
                            );
                        }
                        areas.extend(list.iter().cloned());
                    }
                    None if r.value == "boxes" => self.error(r.span, ErrorKind::NoBoxes),
                    None => {
                        let suggestion = self
                            .searches
                            .worth(expr::Unknown::Set)
                            .then(|| {
                                expr::near(
                                    &r.value,
                                    sets.keys().map(String::as_str).chain(["boxes"]),
                                )
                            })
                            .flatten();
                        self.error(
                            r.span,
                            ErrorKind::UnknownSet {
                                name: r.value.clone(),
                                suggestion,
                            },
                        );
                    }
                }
            }
            if let Some(g) = &given_cells {
                self.givens_conflicts(&rule_name, &areas, g, nc);
            }
            rules.push(Rule {
                name: rule_name,
                named: name.is_some(),
                span: st.span,
                kind: RuleKind::Distinct(areas),
                family: None,
            });
        }

        Some(Puzzle {
            name: name.map_or_else(String::new, |n| n.value.clone()),
            rows: nr,
            cols: nc,
            boxes,
            lo,
            hi,
            given_at: given_cells
                .iter()
                .flatten()
                .map(|g| g.map(|g| (g.origin, g.span)))
                .collect(),
            givens: given_cells?
                .into_iter()
                .map(|g| g.map(|g| g.value))
                .collect(),
            marks: marks?,
            relations,
            integer_cells,
            rules,
        })
    }

    fn once(&mut self, seen: &mut BTreeMap<&'static str, Span>, what: &'static str, span: Span) {
        if let Some(first) = seen.get(what) {
            self.diags.push(
                Diagnostic::new(span, ErrorKind::DuplicateStatement { what })
                    .with_related(*first, "first one here"),
            );
        } else {
            seen.insert(what, span);
        }
    }

    /// The rules a model may call: the standard library's, then the model's `define`s (which
    /// shadow a library rule of the same name), each checked for its parameters.
    fn definitions<'m>(&mut self, model: &'m Model) -> expr::Definitions<'m> {
        let mut defs = expr::Definitions::default();
        let library = if self.library {
            crate::library::definitions()
        } else {
            &[]
        };
        for def in library {
            let kinds = def
                .params
                .iter()
                .filter_map(|p| ParamKind::from_name(&p.kind.value))
                .collect();
            let def = expr::Def {
                def,
                kinds,
                library: true,
                broken: false,
            };
            defs.map.insert(def.def.name.value.clone(), def);
        }
        let mut spans: HashMap<&str, Span> = HashMap::new();
        for st in &model.statements {
            let StatementKind::Define(def) = &st.kind else {
                continue;
            };
            let mut ok = true;
            if expr::FUNCTIONS.contains(&def.name.value.as_str()) {
                self.error(
                    def.name.span,
                    ErrorKind::ReservedName {
                        name: def.name.value.clone(),
                    },
                );
                continue;
            }
            if let Some(first) = spans.insert(&def.name.value, def.name.span) {
                let d = Diagnostic::new(
                    def.name.span,
                    ErrorKind::DuplicateName {
                        name: def.name.value.clone(),
                    },
                );
                self.diags.push(d.with_related(first, "first defined here"));
                ok = false;
            }
            let mut kinds = Vec::new();
            let mut names: HashMap<&str, Span> = HashMap::new();
            for p in &def.params {
                if let Some(first) = names.insert(&p.name.value, p.name.span) {
                    let d = Diagnostic::new(
                        p.name.span,
                        ErrorKind::DuplicateName {
                            name: p.name.value.clone(),
                        },
                    );
                    self.diags.push(d.with_related(first, "first defined here"));
                    ok = false;
                }
                match ParamKind::from_name(&p.kind.value) {
                    Some(k) => kinds.push(k),
                    None => {
                        self.error(
                            p.kind.span,
                            ErrorKind::UnknownParamKind {
                                kind: p.kind.value.clone(),
                            },
                        );
                        ok = false;
                    }
                }
            }
            // A definition with a mistake in its head is still a name: its calls are not
            // reported again as calls of an unknown function.
            let def = expr::Def {
                def,
                kinds,
                library: false,
                broken: !ok,
            };
            defs.shadowed |= defs.map.get(&def.def.name.value).is_some_and(|d| d.library);
            defs.map.insert(def.def.name.value.clone(), def);
        }
        defs
    }

    fn define(
        &mut self,
        sets: &mut BTreeMap<String, (Vec<Area>, Option<Span>)>,
        name: String,
        span: Span,
        areas: Vec<Area>,
    ) {
        if let Some((_, first)) = sets.get(&name) {
            let d = Diagnostic::new(span, ErrorKind::DuplicateName { name: name.clone() });
            self.diags.push(match first {
                Some(f) => d.with_related(*f, "first defined here"),
                None => d,
            });
            return;
        }
        sets.insert(name, (areas, Some(span)));
    }

    /// Read a `{ ... }` givens block: one line per grid row, cells separated by spaces, or one
    /// compact token per row with one character per cell.
    fn givens_block(&mut self, shape: &Shape, block: &Block) -> Option<Vec<Option<Given>>> {
        let mut cells = Vec::with_capacity(shape.rows * shape.cols);
        let mut ok = true;
        for (i, line) in block.lines.iter().enumerate() {
            let row: Vec<Option<Option<Given>>> = if line.len() == 1 && shape.cols > 1 {
                let tok = &line[0];
                tok.value
                    .char_indices()
                    .map(|(off, ch)| {
                        let span =
                            Span::new(tok.span.start + off, tok.span.start + off + ch.len_utf8());
                        self.cell_char(shape, ch, span, Origin::Model)
                    })
                    .collect()
            } else {
                line.iter()
                    .map(|t| self.cell_token(shape, &t.value, t.span, Origin::Model))
                    .collect()
            };
            if row.len() != shape.cols {
                let span = Span::new(line[0].span.start, line.last().unwrap().span.end);
                self.error(
                    span,
                    ErrorKind::GivensRowLength {
                        row: i + 1,
                        expected: shape.cols,
                        found: row.len(),
                    },
                );
                ok = false;
                continue;
            }
            for c in row {
                match c {
                    Some(c) => cells.push(c),
                    None => ok = false,
                }
            }
        }
        if block.lines.len() != shape.rows {
            self.error(
                block.span,
                ErrorKind::GivensRowCount {
                    expected: shape.rows,
                    found: block.lines.len(),
                },
            );
            return None;
        }
        ok.then_some(cells)
    }

    fn one_line(
        &mut self,
        shape: &Shape,
        text: &str,
        span: Span,
        origin: Origin,
    ) -> Option<Vec<Option<Given>>> {
        // Values past 35 have no character: such a grid's line is its values separated by
        // commas (`1,.,36`), as `generate` and the batch write it.
        let commas = text.contains(',');
        let n = if commas {
            text.split(',').count()
        } else {
            text.chars().count()
        };
        if n != shape.rows * shape.cols {
            self.error(
                span,
                ErrorKind::OneLineLength {
                    expected: shape.rows * shape.cols,
                    found: n,
                    commas,
                },
            );
            return None;
        }
        let cells: Vec<_> = if commas {
            let mut off = 0;
            text.split(',')
                .map(|t| {
                    let at = Span::new(span.start + off, span.start + off + t.len());
                    off += t.len() + 1;
                    let t = t.trim();
                    if t.is_empty() {
                        Some(None)
                    } else {
                        self.cell_token(shape, t, at, origin)
                    }
                })
                .collect()
        } else {
            text.char_indices()
                .map(|(off, ch)| {
                    self.cell_char(
                        shape,
                        ch,
                        Span::new(span.start + off, span.start + off + ch.len_utf8()),
                        origin,
                    )
                })
                .collect()
        };
        cells.into_iter().collect()
    }

    /// One cell written as one character: `.` empty, a digit, or a letter (`A` is 10).
    fn cell_char(
        &mut self,
        shape: &Shape,
        ch: char,
        span: Span,
        origin: Origin,
    ) -> Option<Option<Given>> {
        let value = match ch {
            '.' => return Some(None),
            '0'..='9' => i64::from(ch as u8 - b'0'),
            'A'..='Z' => i64::from(ch as u8 - b'A') + 10,
            'a'..='z' => i64::from(ch as u8 - b'a') + 10,
            _ => {
                self.error(
                    span,
                    ErrorKind::BadGivenToken {
                        token: ch.to_string(),
                    },
                );
                return None;
            }
        };
        self.given_value(shape, ch.to_string(), value, span, origin)
    }

    /// One cell written as a space-separated token: `.`, a number, or one letter.
    fn cell_token(
        &mut self,
        shape: &Shape,
        t: &str,
        span: Span,
        origin: Origin,
    ) -> Option<Option<Given>> {
        if t.chars().count() == 1 {
            return self.cell_char(shape, t.chars().next().unwrap(), span, origin);
        }
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            self.error(
                span,
                ErrorKind::BadGivenToken {
                    token: t.to_string(),
                },
            );
            return None;
        }
        let value = t.bytes().fold(0i64, |acc, b| {
            acc.saturating_mul(10).saturating_add(i64::from(b - b'0'))
        });
        self.given_value(shape, t.to_string(), value, span, origin)
    }

    fn given_value(
        &mut self,
        shape: &Shape,
        token: String,
        value: i64,
        span: Span,
        origin: Origin,
    ) -> Option<Option<Given>> {
        // `0` means "empty" unless 0 is itself a value of the puzzle.
        if value == 0 && shape.lo > 0 {
            return Some(None);
        }
        if value < shape.lo || value > shape.hi {
            self.error(
                span,
                ErrorKind::GivenOutOfRange {
                    token,
                    value,
                    lo: shape.lo,
                    hi: shape.hi,
                },
            );
            return None;
        }
        Some(Some(Given {
            value,
            span,
            origin,
        }))
    }

    /// A marks block: one token per cell, each character a mark symbol; `.` for none.
    fn marks_block(&mut self, shape: &Shape, block: &Block) -> Option<Vec<String>> {
        let mut marks = Vec::with_capacity(shape.rows * shape.cols);
        let mut ok = true;
        for (i, line) in block.lines.iter().enumerate() {
            if line.len() != shape.cols {
                let span = Span::new(line[0].span.start, line.last().unwrap().span.end);
                let kind = ErrorKind::RegionRowLength {
                    what: "marks",
                    row: i + 1,
                    expected: shape.cols,
                    found: line.len(),
                };
                self.error(span, kind);
                ok = false;
                continue;
            }
            marks.extend(line.iter().map(|t| {
                if t.value == "." {
                    String::new()
                } else {
                    t.value.clone()
                }
            }));
        }
        if block.lines.len() != shape.rows {
            let kind = ErrorKind::RegionRowCount {
                what: "marks",
                expected: shape.rows,
                found: block.lines.len(),
            };
            self.error(block.span, kind);
            return None;
        }
        ok.then_some(marks)
    }

    /// A region map: one letter per cell; each letter is one area, in order of first appearance.
    fn region_map(&mut self, shape: &Shape, block: &Block) -> Option<Vec<Area>> {
        let mut letters: Vec<Option<char>> = Vec::new();
        let mut ok = true;
        for (i, line) in block.lines.iter().enumerate() {
            let row: Vec<(char, Span)> = if line.len() == 1 && shape.cols > 1 {
                line[0]
                    .value
                    .char_indices()
                    .map(|(o, ch)| {
                        (
                            ch,
                            Span::new(
                                line[0].span.start + o,
                                line[0].span.start + o + ch.len_utf8(),
                            ),
                        )
                    })
                    .collect()
            } else {
                let mut v = Vec::new();
                for t in line {
                    let mut chars = t.value.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => v.push((ch, t.span)),
                        _ => {
                            self.error(
                                t.span,
                                ErrorKind::BadRegionToken {
                                    token: t.value.clone(),
                                },
                            );
                            ok = false;
                        }
                    }
                }
                v
            };
            if row.len() != shape.cols && ok {
                let span = Span::new(line[0].span.start, line.last().unwrap().span.end);
                self.error(
                    span,
                    ErrorKind::RegionRowLength {
                        what: "region map",
                        row: i + 1,
                        expected: shape.cols,
                        found: row.len(),
                    },
                );
                ok = false;
            }
            for (ch, span) in row {
                if ch == '.' {
                    letters.push(None);
                } else if ch.is_alphanumeric() {
                    letters.push(Some(ch));
                } else {
                    self.error(
                        span,
                        ErrorKind::BadRegionToken {
                            token: ch.to_string(),
                        },
                    );
                    ok = false;
                }
            }
        }
        if block.lines.len() != shape.rows {
            self.error(
                block.span,
                ErrorKind::RegionRowCount {
                    what: "region map",
                    expected: shape.rows,
                    found: block.lines.len(),
                },
            );
            return None;
        }
        if !ok {
            return None;
        }
        let mut areas: Vec<Area> = Vec::new();
        for (cell, l) in letters.into_iter().enumerate() {
            let Some(l) = l else { continue };
            let name = l.to_string();
            match areas.iter_mut().find(|a| a.name == name) {
                Some(a) => a.cells.push(cell),
                None => areas.push(Area {
                    label: format!("region {name}"),
                    name,
                    cells: vec![cell],
                }),
            }
        }
        Some(areas)
    }

    /// Two equal givens in one area of a distinct rule: the puzzle cannot be solved, and the
    /// mistake is in the file, so it is reported as one.
    fn givens_conflicts(
        &mut self,
        rule: &str,
        areas: &[Area],
        givens: &[Option<Given>],
        cols: usize,
    ) {
        // Pairs already reported (two areas of one rule may share them: a row and a box).
        let mut reported: HashSet<(Cell, Cell)> = HashSet::new();
        for area in areas {
            let mut first_of: BTreeMap<i64, Cell> = BTreeMap::new();
            for &c in &area.cells {
                let Some(g) = givens[c] else { continue };
                match first_of.get(&g.value) {
                    Some(&f) if reported.insert((f, c)) => {
                        let name = |x: Cell| format!("r{}c{}", x / cols + 1, x % cols + 1);
                        let first = givens[f].unwrap();
                        let mut d = Diagnostic::new(
                            g.span,
                            ErrorKind::GivensConflict {
                                rule: rule.to_string(),
                                area: area.label.clone(),
                                value: g.value,
                                first: name(f),
                                second: name(c),
                            },
                        );
                        d.origin = g.origin;
                        if first.origin == g.origin {
                            d = d.with_related(
                                first.span,
                                format!("{} is {} too", name(f), g.value),
                            );
                        }
                        self.diags.push(d);
                    }
                    Some(_) => {}
                    None => {
                        first_of.insert(g.value, c);
                    }
                }
            }
        }
    }
}

/// The sets of a `distinct` rule, each once, in the order first written: a set named again
/// (or `cols` after `columns`, the same set) adds nothing to the rule.
/// The model's clues between two cells (`rule white(r1c1, r1c2)`), by the defined rule they
/// call: the edges a negative constraint (`kropki_negative()`) leaves alone.
fn two_cell_clues(
    model: &Model,
    defs: &expr::Definitions,
    rows: usize,
    cols: usize,
) -> HashMap<String, BTreeSet<(Cell, Cell)>> {
    let mut clues: HashMap<String, BTreeSet<(Cell, Cell)>> = HashMap::new();
    let cell = |e: &Expr| match &e.kind {
        ExprKind::Cell(c)
            if (1..=rows as u64).contains(&c.row) && (1..=cols as u64).contains(&c.col) =>
        {
            Some((c.row as usize - 1) * cols + c.col as usize - 1)
        }
        _ => None,
    };
    for st in &model.statements {
        if let StatementKind::Rule {
            body:
                RuleBody::Expr(Expr {
                    kind: ExprKind::Call(f, args),
                    ..
                }),
            ..
        } = &st.kind
            && defs.map.contains_key(&f.value)
            && args.len() >= 2
            && let (Some(a), Some(b)) = (cell(&args[0]), cell(&args[1]))
        {
            clues
                .entry(f.value.clone())
                .or_default()
                .insert((a.min(b), a.max(b)));
        }
    }
    clues
}

/// The `distinct(L)` conjuncts of a rule (as `distinct` makes them: all pairs of a list of
/// cells, unfiltered, must differ), taken out as lists of cells, and the rest of the rule.
fn split_distinct(expr: crate::puzzle::Expr) -> (crate::puzzle::Expr, Vec<Vec<Cell>>) {
    use crate::puzzle::{BinOp, Binder, CellTerm, Expr as E, SetTerm};
    fn conjuncts(e: E, out: &mut Vec<E>) {
        match e {
            E::Bin(BinOp::And, l, r) => {
                conjuncts(*l, out);
                conjuncts(*r, out);
            }
            other => out.push(other),
        }
    }
    let mut parts = Vec::new();
    conjuncts(expr, &mut parts);
    let mut lists = Vec::new();
    let mut rest = Vec::new();
    for part in parts {
        match part {
            E::Quant {
                all: true,
                binder: Binder::Pair(a, b),
                set: SetTerm::Cells(cells),
                filter: None,
                body,
            } if *body
                == E::Bin(
                    BinOp::Ne,
                    Box::new(E::Value(CellTerm::Var(a))),
                    Box::new(E::Value(CellTerm::Var(b))),
                )
                && cells.iter().collect::<HashSet<_>>().len() == cells.len() =>
            {
                lists.push(cells)
            }
            other => rest.push(other),
        }
    }
    (balanced_and(rest), lists)
}

/// The conjunction of `parts` as a balanced tree, as deep as the logarithm of their number:
/// every stage after the checker walks a rule recursively, and a chain of 16,384 conjuncts
/// (a rule of `(a and b) and (c and d) ...`, taken apart above) overflowed the stack there.
pub(crate) fn balanced_and(parts: Vec<crate::puzzle::Expr>) -> crate::puzzle::Expr {
    use crate::puzzle::{BinOp, Expr as E};
    expr::balanced(parts, &mut |l, r| {
        E::Bin(BinOp::And, Box::new(l), Box::new(r))
    })
    .unwrap_or(E::Bool(true))
}

fn once_each(refs: &[Spanned<String>]) -> Vec<&Spanned<String>> {
    let mut seen = HashSet::new();
    refs.iter()
        .filter(|r| {
            let name = r.value.as_str();
            seen.insert(if name == "cols" { "columns" } else { name })
        })
        .collect()
}

struct Shape {
    rows: usize,
    cols: usize,
    lo: i64,
    hi: i64,
}

impl Shape {
    fn value_count(&self) -> usize {
        (self.hi - self.lo + 1) as usize
    }
}

/// The areas of a built-in set, or `None` when the grid does not have it (boxes in a grid
/// without boxes, diagonals in a non-square grid).
fn builtin(
    name: &str,
    rows: usize,
    cols: usize,
    boxes: Option<(usize, usize)>,
) -> Option<Vec<Area>> {
    let cell = |r: usize, c: usize| r * cols + c;
    let areas = match name {
        "cells" => vec![Area {
            name: "cells".into(),
            label: "the grid".into(),
            cells: (0..rows * cols).collect(),
        }],
        "rows" => (0..rows)
            .map(|r| Area {
                name: format!("r{}", r + 1),
                label: format!("row {}", r + 1),
                cells: (0..cols).map(|c| cell(r, c)).collect(),
            })
            .collect(),
        "columns" => (0..cols)
            .map(|c| Area {
                name: format!("c{}", c + 1),
                label: format!("column {}", c + 1),
                cells: (0..rows).map(|r| cell(r, c)).collect(),
            })
            .collect(),
        "boxes" => {
            let (bh, bw) = boxes?;
            let mut v = Vec::new();
            for br in 0..rows / bh {
                for bc in 0..cols / bw {
                    let cells = (0..bh)
                        .flat_map(|i| (0..bw).map(move |j| cell(br * bh + i, bc * bw + j)))
                        .collect();
                    v.push(Area {
                        name: format!("b{}", v.len() + 1),
                        label: format!("box {}", v.len() + 1),
                        cells,
                    });
                }
            }
            v
        }
        "diagonal" | "antidiagonal" | "diagonals" if rows != cols => return None,
        "diagonal" => vec![Area {
            name: "d1".into(),
            label: "the main diagonal".into(),
            cells: (0..rows).map(|i| cell(i, i)).collect(),
        }],
        "antidiagonal" => vec![Area {
            name: "d2".into(),
            label: "the anti-diagonal".into(),
            cells: (0..rows).map(|i| cell(i, cols - 1 - i)).collect(),
        }],
        // Disjoint groups: the cells in the same place of their boxes, one area a place.
        "disjoint" => {
            let (bh, bw) = boxes?;
            (0..bh * bw)
                .map(|k| Area {
                    name: format!("g{}", k + 1),
                    label: format!("disjoint group {}", k + 1),
                    cells: (0..rows * cols)
                        .filter(|&i| (i / cols) % bh * bw + (i % cols) % bw == k)
                        .collect(),
                })
                .collect()
        }
        "diagonals" => {
            let mut v = builtin("diagonal", rows, cols, boxes)?;
            v.extend(builtin("antidiagonal", rows, cols, boxes)?);
            v
        }
        _ => return None,
    };
    Some(areas)
}
