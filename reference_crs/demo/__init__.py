"""What ``python -m reference_crs`` runs the client against; not part of the client.

The client (the rest of :mod:`reference_crs`) reaches all of this only through the port
(:class:`rawp_port.AgentPort`, :class:`rawp_port.ControlPlane`):

* :mod:`~reference_crs.demo.agent`: the demo agent behind the port;
* :mod:`~reference_crs.demo.store`: where the agent keeps its conversations (SQLite). The
  client's lazily loaded history (002 §2.6, :mod:`reference_crs.history`) asks for pages
  through ``ControlPlane.load_turns``; the seeds put storage behind the agent, not in it;
* :mod:`~reference_crs.demo.file_search`, :mod:`~reference_crs.demo.files`: the agent's file
  search (``control.file.search``, 004 §3.4.3) and the file systems it browses (004 §7);
* :mod:`~reference_crs.demo.cli`, :mod:`~reference_crs.demo.main`: the command line and
  the entry point (``python -m reference_crs``).
"""
