#!/usr/bin/env bash
set -euo pipefail
# packages: ruby3.1-doc ruby3.1
C=${CORPORA:-/work/corpora}/ruby-docs
rm -rf "$C"; mkdir -p "$C"
# The README saves the Ruby program below as /work/corpora/ruby-docs-build.rb; here it goes to a temp file
# (same program, verbatim) so nothing but the corpus root is written under the corpora folder.
RB=$(mktemp --suffix=.rb); trap 'rm -f "$RB"' EXIT
cat > "$RB" <<'RUBY'
# Build /work/corpora/ruby-docs from the ri data of Debian's ruby3.1-doc (rdoc 6.4 of ruby3.1).
# Usage: ruby3.1 ruby-docs-build.rb /usr/share/ri/3.1.0/system /work/corpora/ruby-docs
require 'rdoc'
require 'cgi'
require 'fileutils'

src, out = ARGV
STDLIB = %w[Set JSON OptionParser FileUtils Pathname StringIO Tempfile Logger Shellwords SecureRandom
            Benchmark Open3 ERB Date DateTime Timeout Find Base64 Forwardable Singleton PP Observable]
store = RDoc::Store.new(src, :system)
store.load_cache
options = RDoc::Options.new
html = ->(doc) { doc.nil? ? '' : (doc.is_a?(String) ? "<p>#{CGI.escapeHTML(doc)}</p>" : doc.accept(RDoc::Markup::ToHtml.new(options))) }
page = lambda do |path, title, body|
  file = File.join(out, path)
  FileUtils.mkdir_p(File.dirname(file))
  File.write(file, "<!DOCTYPE html>\n<html><head><meta charset=\"UTF-8\"><title>#{CGI.escapeHTML(title)} - Ruby 3.1</title></head>\n<body>\n#{body}\n</body></html>\n")
end

chosen = store.module_names.sort.select do |name|
  klass = store.load_class(name) rescue next
  core = klass.in_files.any? { |f| f.relative_name !~ %r{/} }
  core || STDLIB.any? { |lib| name == lib || name.start_with?("#{lib}::") }
end

chosen.each do |name|
  klass = store.load_class(name)
  kind = klass.module? ? 'module' : 'class'
  body = +"<h1>#{kind} #{CGI.escapeHTML(name)}</h1>\n"
  sup = klass.module? ? nil : klass.superclass; sup = sup.full_name if sup.respond_to?(:full_name)
  body << "<p>Parent: #{CGI.escapeHTML(sup.to_s)}</p>\n" if sup
  incs = klass.includes.map(&:name)
  body << "<p>Included modules: #{CGI.escapeHTML(incs.join(', '))}</p>\n" unless incs.empty?
  body << html.(klass.comment)
  unless klass.constants.empty?
    body << "<h2>Constants</h2>\n<dl>\n"
    klass.constants.each { |c| body << "<dt>#{CGI.escapeHTML(c.name)}</dt><dd>#{html.(c.comment)}</dd>\n" }
    body << "</dl>\n"
  end
  unless klass.attributes.empty?
    body << "<h2>Attributes</h2>\n"
    klass.attributes.each { |a| body << "<h3>#{CGI.escapeHTML(a.name)} [#{a.rw}]</h3>\n#{html.(a.comment)}\n" }
  end
  [['Public Class Methods', :class_methods, '::'], ['Public Instance Methods', :instance_methods, '#']].each do |title, key, sep|
    names = (store.cache[key][name] || []).sort
    next if names.empty?
    body << "<h2>#{title}</h2>\n"
    names.each do |meth|
      m = store.load_method(name, "#{sep}#{meth}") rescue next
      seq = m.call_seq ? m.call_seq.strip : "#{m.name}#{m.params}"
      body << "<h3>#{CGI.escapeHTML(seq).gsub("\n", "<br>\n")}</h3>\n"
      body << html.(m.comment)
      body << "<p>Alias for: #{CGI.escapeHTML(m.is_alias_for.name)}</p>\n" if m.is_alias_for.respond_to?(:name)
    end
  end
  page.("#{name.split('::').join('/')}.html", name, body)
end

store.cache[:pages].sort.each do |name|
  top = store.load_page(name)
  path = File.join('doc', File.dirname(name), File.basename(name).tr('.', '_') + '.html').sub(%r{/\./}, '/')
  page.(path, name, html.(top.comment))
end
RUBY
ruby3.1 "$RB" /usr/share/ri/3.1.0/system "$C"
